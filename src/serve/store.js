// sensei trainer: the saved games. Each game (values, pencil marks, the
// undo history, its name and rating) is kept in localStorage under its
// puzzle, the GAMES_MAX most recent ones; app.js plays them.
var senseiStore = (function () {
  'use strict';

  var STORE = 'sensei.trainer.';
  var GAMES_MAX = 12;
  var ALL = 0x3fe; // digits 1..9 as bits 1..9

  // A new game of a puzzle.
  function fresh(puzzle, name) {
    return {
      puzzle: puzzle, name: name || 'Your puzzle', rating: null, auto: false, sel: -1, practice: null,
      colours: {}, help: 0, time: 0,
      values: new Array(81).fill(0), marks: new Array(81).fill(0), elim: new Array(81).fill(0),
      hist: [], fut: []
    };
  }
  function restoreInto(game, s) {
    game.values = s.values.slice(); game.marks = s.marks.slice(); game.elim = s.elim.slice();
  }

  // A position is stored as one string: 81 values, then the notes and the
  // removed candidates as 3 hex digits a cell (about 570 characters).
  function pack(s) {
    var out = s.values.join('');
    [s.marks, s.elim].forEach(function (list) {
      list.forEach(function (m) { out += ('00' + m.toString(16)).slice(-3); });
    });
    return out;
  }
  function unpack(text) {
    if (typeof text !== 'string' || text.length !== 81 * 7) return null;
    var s = { values: [], marks: [], elim: [] };
    for (var i = 0; i < 81; i++) {
      s.values.push(+text.charAt(i) || 0);
      s.marks.push(parseInt(text.substr(81 + 3 * i, 3), 16) & ALL);
      s.elim.push(parseInt(text.substr(81 + 243 + 3 * i, 3), 16) & ALL);
    }
    return s;
  }
  function stored(game) {
    return JSON.stringify({
      puzzle: game.puzzle, name: game.name, rating: game.rating, auto: game.auto,
      sel: game.sel, practice: game.practice, colours: game.colours, help: game.help, time: game.time,
      now: pack(game), hist: game.hist.map(pack), fut: game.fut.map(pack)
    });
  }

  // Keep the game, as the most recent one.
  function save(game) {
    var games = [];
    try {
      games = JSON.parse(localStorage.getItem(STORE + 'games') || '[]')
        .filter(function (p) { return p !== game.puzzle; });
    } catch (e) { /* a broken list: start a new one */ }
    games.unshift(game.puzzle);
    games.slice(GAMES_MAX).forEach(function (p) {
      try { localStorage.removeItem(STORE + 'game.' + p); } catch (e) { /* no storage */ }
    });
    games = games.slice(0, GAMES_MAX);
    // when the storage is full, older games make room, one at a time
    for (;;) {
      try {
        localStorage.setItem(STORE + 'game.' + game.puzzle, stored(game));
        localStorage.setItem(STORE + 'current', game.puzzle);
        localStorage.setItem(STORE + 'games', JSON.stringify(games));
        break;
      } catch (e) {
        if (games.length <= 1) break; // no storage at all: the game goes on
        try { localStorage.removeItem(STORE + 'game.' + games.pop()); } catch (e2) { break; }
      }
    }
  }

  // The saved game of a puzzle, or null.
  function load(puzzle) {
    try {
      var s = JSON.parse(localStorage.getItem(STORE + 'game.' + puzzle) || 'null');
      var now = s && s.puzzle === puzzle ? unpack(s.now) : null;
      if (!now) return null;
      var game = fresh(puzzle, s.name);
      game.rating = s.rating || null;
      game.auto = !!s.auto;
      game.sel = typeof s.sel === 'number' ? s.sel : -1;
      game.colours = s.colours && typeof s.colours === 'object' ? s.colours : {};
      game.help = +s.help || 0;
      game.time = +s.time || 0;
      game.practice = s.practice && typeof s.practice === 'object' ? s.practice : null;
      restoreInto(game, now);
      game.hist = (s.hist || []).map(unpack).filter(Boolean);
      game.fut = (s.fut || []).map(unpack).filter(Boolean);
      return game;
    } catch (e) { /* a broken entry: start afresh */ }
    return null;
  }

  // The puzzle of the game played last, or null.
  function current() {
    try {
      var p = localStorage.getItem(STORE + 'current');
      return p && /^[1-9.]{81}$/.test(p) ? p : null;
    } catch (e) { return null; /* no storage */ }
  }

  // The selected cell alone (a move of the cursor is not worth a whole save).
  function saveSelection(game) {
    try {
      var key = STORE + 'game.' + game.puzzle;
      var s = JSON.parse(localStorage.getItem(key) || 'null');
      if (s && s.puzzle === game.puzzle) { s.sel = game.sel; localStorage.setItem(key, JSON.stringify(s)); }
    } catch (e) { /* no storage */ }
  }

  // Practice progress per technique: attempts, successes, streak, learned.
  var LEARNED_AFTER = 3;
  function progress() {
    try {
      var p = JSON.parse(localStorage.getItem(STORE + 'progress') || '{}');
      return p && typeof p === 'object' ? p : {};
    } catch (e) { return {}; }
  }
  function record(slug, result) {
    var all = progress();
    var p = all[slug] || { attempts: 0, successes: 0, streak: 0, learned: false };
    p.attempts++;
    if (result === 'right') {
      p.successes++;
      p.streak++;
      if (p.streak >= LEARNED_AFTER) p.learned = true;
    } else if (result === 'not_valid') {
      p.streak = 0;
    }
    all[slug] = p;
    try { localStorage.setItem(STORE + 'progress', JSON.stringify(all)); } catch (e) { /* no storage */ }
    return p;
  }

  return {
    fresh: fresh, restoreInto: restoreInto, save: save, load: load, current: current,
    saveSelection: saveSelection, progress: progress, record: record, LEARNED_AFTER: LEARNED_AFTER
  };
})();
