// sensei trainer: the page's script. It keeps the game (values, pencil
// marks, undo history) in localStorage under the puzzle (store.js), which
// also stands in the URL (#<81 cells>), and asks the server (docs/api.md)
// for hints, checks, walkthroughs, ratings and new puzzles.
(function () {
  'use strict';

  var HISTORY_MAX = 300;

  function $(id) { return document.getElementById(id); }

  // ----- the houses ------------------------------------------------------
  var PEERS = [];
  (function () {
    for (var i = 0; i < 81; i++) {
      var r = Math.floor(i / 9), c = i % 9, b = Math.floor(r / 3) * 3 + Math.floor(c / 3);
      var p = [];
      for (var j = 0; j < 81; j++) {
        if (j === i) continue;
        var rj = Math.floor(j / 9), cj = j % 9, bj = Math.floor(rj / 3) * 3 + Math.floor(cj / 3);
        if (rj === r || cj === c || bj === b) p.push(j);
      }
      PEERS.push(p);
    }
  })();
  var HOUSES = [];
  (function () {
    for (var k = 0; k < 9; k++) {
      var row = [], col = [], box = [];
      for (var j = 0; j < 9; j++) {
        row.push(k * 9 + j);
        col.push(j * 9 + k);
        box.push((Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + j % 3);
      }
      HOUSES.push(row, col, box);
    }
  })();
  var ALL = 0x3fe; // digits 1..9 as bits 1..9
  function bit(d) { return 1 << d; }
  function cellName(i) { return 'r' + (Math.floor(i / 9) + 1) + 'c' + (i % 9 + 1); }

  // ----- the game --------------------------------------------------------
  // S.puzzle: 81 chars of givens; S.values: the player's values (0 empty);
  // S.marks: the player's own pencil marks (auto candidates off);
  // S.elim: the candidates the player ruled out (a hint's step applied, a
  // candidate taken off with automatic candidates on), kept apart from the computed candidates: they hold
  // with automatic candidates on and off, and a toggle never loses them.
  var S = null;
  var sel = 40;
  var notesMode = false;
  var hint = null;        // {key, level, data}
  var mistakes = [];      // cells named by the last check
  var builtins = null;    // the built-in puzzles, once fetched
  var busy = {};
  var colourMode = 0;     // 0: off; 1, 2: clicks colour cells and candidates
  var filterDigit = 0;    // the digit whose candidates are highlighted

  function given(i) { var ch = S.puzzle.charAt(i); return ch >= '1' && ch <= '9' ? +ch : 0; }
  function value(i) { return given(i) || S.values[i]; }
  function allowed(i) {
    var m = ALL;
    PEERS[i].forEach(function (p) { var v = value(p); if (v) m &= ~bit(v); });
    return m;
  }
  // the candidates the player sees in an empty cell
  function shown(i) {
    if (value(i)) return 0;
    return (S.auto ? allowed(i) : S.marks[i]) & ~S.elim[i];
  }
  // the candidates sent to the server: a cell without notes holds every
  // digit its peers allow (the player has ruled nothing out there)
  function candidates(i) {
    var a = allowed(i);
    return (S.auto || !S.marks[i] ? a : S.marks[i] & a) & ~S.elim[i];
  }

  // The position as a HoDoKu library line: givens, placed values (+),
  // the candidates the values allow but the player removed.
  function positionText() {
    var cells = '', deleted = [];
    for (var i = 0; i < 81; i++) {
      var g = given(i), v = S.values[i];
      if (g) cells += g;
      else if (v) cells += '+' + v;
      else {
        cells += '.';
        var gone = allowed(i) & ~candidates(i);
        for (var d = 1; d <= 9; d++) {
          if (gone & bit(d)) deleted.push('' + d + (Math.floor(i / 9) + 1) + (i % 9 + 1));
        }
      }
    }
    return ':0000:x:' + cells + ':' + deleted.join(' ') + '::';
  }

  function snapshot() {
    return { values: S.values.slice(), marks: S.marks.slice(), elim: S.elim.slice() };
  }
  function restore(s) { senseiStore.restoreInto(S, s); }
  function same(a, b) {
    for (var i = 0; i < 81; i++) {
      if (a.values[i] !== b.values[i] || a.marks[i] !== b.marks[i] || a.elim[i] !== b.elim[i]) return false;
    }
    return true;
  }
  // Run a change of the grid as one undoable move.
  function move(change) {
    var before = snapshot();
    change();
    if (same(before, snapshot())) return;
    S.hist.push(before);
    if (S.hist.length > HISTORY_MAX) S.hist.shift();
    S.fut = [];
    changed();
  }
  function undo() {
    if (!S.hist.length) return;
    S.fut.push(snapshot());
    restore(S.hist.pop());
    changed();
  }
  function redo() {
    if (!S.fut.length) return;
    S.hist.push(snapshot());
    restore(S.fut.pop());
    changed();
  }
  function changed() {
    mistakes = [];
    closeHint();
    say('');
    save();
    render();
    if (filled() === 81) check(true);
  }
  function filled() {
    var n = 0;
    for (var i = 0; i < 81; i++) if (value(i)) n++;
    return n;
  }

  // a value: placing it clears the digit from its peers' notes
  function place(i, d) {
    S.values[i] = d;
    PEERS[i].forEach(function (p) { S.marks[p] &= ~bit(d); });
  }
  function setValue(i, d) {
    if (given(i)) return;
    move(function () {
      if (S.values[i] === d) S.values[i] = 0;
      else place(i, d);
    });
  }
  function toggleNote(i, d) {
    if (value(i)) return;
    if (S.auto && !(allowed(i) & bit(d))) {
      say(cellName(i) + ' cannot hold ' + d + ': a cell it sees has that value.', 'bad');
      return;
    }
    move(function () {
      var on = !!(shown(i) & bit(d));
      if (on) {
        // taken off: with automatic candidates, ruled out (kept in both
        // modes); otherwise a note of the player's own, rubbed out
        if (S.auto) S.elim[i] |= bit(d);
        S.marks[i] &= ~bit(d);
      } else {
        S.elim[i] &= ~bit(d);
        if (!S.auto) S.marks[i] |= bit(d);
      }
    });
  }
  function erase(i) {
    if (given(i)) return;
    move(function () {
      if (S.values[i]) S.values[i] = 0;
      else if (S.auto) S.elim[i] = 0;
      else S.marks[i] = 0;
    });
  }
  // carry out a step of the trace format: eliminations, then placements
  function applyStep(step) {
    move(function () {
      (step.eliminations || []).forEach(function (c) {
        var i = (c.row - 1) * 9 + c.col - 1;
        if (value(i)) return;
        // a cell without notes gets them, so that the step shows with
        // automatic candidates off too
        if (!S.auto && !S.marks[i]) S.marks[i] = candidates(i);
        S.marks[i] &= ~bit(c.digit);
        S.elim[i] |= bit(c.digit);
      });
      (step.placements || []).forEach(function (c) {
        var i = (c.row - 1) * 9 + c.col - 1;
        if (!given(i)) place(i, c.digit);
      });
    });
  }

  // ----- saving: the game in localStorage (store.js), the puzzle in the URL
  function save() {
    if (!S) return;
    senseiStore.save(S);
    if (location.hash !== '#' + S.puzzle) {
      try { history.replaceState(null, '', '#' + S.puzzle); } catch (e) { location.hash = S.puzzle; }
    }
  }
  // #practice=x-wing (the learner pages link there): that technique's lesson
  function practiceFromHash() {
    var m = /^#practice=([a-z0-9-]+)$/.exec(location.hash);
    return m ? m[1] : null;
  }
  function puzzleFromHash() {
    var h = decodeURIComponent(location.hash.replace(/^#/, '')).replace(/0/g, '.');
    return /^[1-9.]{81}$/.test(h) ? h : null;
  }

  // start a game: a saved one for this puzzle, or a fresh one
  function startGame(puzzle, name, opts) {
    opts = opts || {};
    var saved = opts.fresh ? null : senseiStore.load(puzzle);
    S = saved || senseiStore.fresh(puzzle, name || builtinName(puzzle));
    if (opts.rating) S.rating = opts.rating;
    if (opts.values) {
      S.values = opts.values;
      S.auto = !!opts.auto;
      S.elim = opts.elim || S.elim;
    }
    sel = typeof S.sel === 'number' && S.sel >= 0 && S.sel < 81 ? S.sel : firstEmpty();
    mistakes = [];
    closeHint();
    save();
    render();
    if (!S.rating) rate();
  }
  function firstEmpty() {
    for (var i = 0; i < 81; i++) if (!value(i)) return i;
    return 40;
  }
  function builtinName(puzzle) {
    var b = (builtins || []).filter(function (p) { return p.puzzle === puzzle; })[0];
    return b ? b.name : null;
  }

  // ----- the server ------------------------------------------------------
  function post(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (res) {
      var type = res.headers.get('Content-Type') || '';
      var read = type.indexOf('application/json') === 0 ? res.json() : res.text();
      return read.then(function (data) {
        if (!res.ok) {
          var msg = data && data.error ? data.error : 'the server answered ' + res.status;
          throw new Error(msg);
        }
        return { type: type, data: data };
      });
    });
  }
  function failed(e) {
    var msg = e && e.message ? e.message : String(e);
    if (msg === 'Failed to fetch' || msg.indexOf('NetworkError') >= 0) {
      msg = 'The trainer\'s server does not answer: is `sensei serve` still running?';
    }
    say(msg, 'bad');
  }
  function withBusy(name, button, label, work) {
    if (busy[name]) return;
    busy[name] = true;
    var old = button ? button.textContent : null;
    if (button) { button.disabled = true; button.textContent = label; }
    return work().catch(failed).then(function () {
      busy[name] = false;
      if (button) { button.disabled = false; button.textContent = old; }
    });
  }

  function rate() {
    var puzzle = S.puzzle;
    $('rating').textContent = 'rating…';
    post('/api/grade', { position: puzzle }).then(function (r) {
      if (!S || S.puzzle !== puzzle) return;
      S.rating = r.data;
      save();
      renderRating();
    }).catch(function () { $('rating').textContent = ''; });
  }

  // ----- hints -----------------------------------------------------------
  function positionKey() { return positionText(); }
  function askHint() {
    var more = hint && hint.key === positionKey() && hint.data.status === 'step' && hint.level < 3;
    requestHint(more ? hint.level + 1 : 1);
  }
  function requestHint(level) {
    var key = positionKey();
    return withBusy('hint', null, null, function () {
      return post('/api/hint', { position: key, level: level, picture: true }).then(function (r) {
        hint = { key: key, level: level, data: r.data };
        if (r.data.status === 'mistakes') markMistakes(r.data.mistakes);
        say(''); // the hint box speaks now: no stale "Puzzle loaded" above it
        renderHint();
      });
    });
  }
  function applyHint() {
    if (!hint || hint.data.status !== 'step') return;
    var key = hint.key;
    var go = function (step) {
      if (key !== positionKey()) return;
      applyStep(step);
      say('Applied: ' + step.text, 'good');
    };
    if (hint.data.step) { go(hint.data.step); return; }
    withBusy('hint', null, null, function () {
      return post('/api/hint', { position: key, level: 3 }).then(function (r) {
        if (r.data.status === 'step') go(r.data.step);
      });
    });
  }
  function closeHint() {
    hint = null;
    $('hintbox').hidden = true;
    overlayHint(null);
    renderBoard();
  }

  function check(quiet) {
    return withBusy('check', $('check'), 'Checking…', function () {
      return post('/api/check', { position: positionText() }).then(function (r) {
        var d = r.data;
        if (d.status === 'mistakes') {
          markMistakes(d.mistakes);
          say(d.message, 'bad');
        } else if (d.status === 'solved') {
          say(d.message, 'good');
        } else if (d.status === 'ok') {
          if (!quiet) say(d.message, 'good');
        } else {
          say(d.message, 'bad');
        }
      });
    });
  }
  function markMistakes(list) {
    mistakes = (list || []).map(function (m) { return (m.cell.row - 1) * 9 + m.cell.col - 1; });
    renderBoard();
  }

  function explain() {
    return withBusy('explain', $('explain'), 'Explaining…', function () {
      return post('/api/explain', { position: positionText(), format: 'html' }).then(function (r) {
        if (r.type.indexOf('text/html') === 0) {
          $('explain-frame').srcdoc = r.data;
          $('explainer').hidden = false;
          document.body.classList.add('overlaid');
          $('close-explain').focus();
        } else {
          if (r.data.mistakes) markMistakes(r.data.mistakes);
          say(r.data.message || 'This position cannot be explained.', 'bad');
        }
      });
    });
  }
  function closeExplain() {
    $('explainer').hidden = true;
    document.body.classList.remove('overlaid');
    $('explain-frame').srcdoc = '';
    $('board').focus();
  }

  // ----- drawing ---------------------------------------------------------
  var cells = [];
  function buildBoard() {
    var board = $('board');
    for (var i = 0; i < 81; i++) {
      var r = Math.floor(i / 9), c = i % 9;
      var el = document.createElement('div');
      el.className = 'cell';
      el.setAttribute('role', 'gridcell');
      el.dataset.i = i;
      if (c === 2 || c === 5) el.classList.add('col-end');
      if (r === 2 || r === 5) el.classList.add('row-end');
      if (c === 8) el.classList.add('col-last');
      if (r === 8) el.classList.add('row-last');
      var v = document.createElement('span');
      v.className = 'value';
      var notes = document.createElement('div');
      notes.className = 'notes';
      for (var d = 1; d <= 9; d++) notes.appendChild(document.createElement('span'));
      el.appendChild(v);
      el.appendChild(notes);
      board.appendChild(el);
      cells.push({ el: el, value: v, notes: notes.children });
    }
  }
  function render() {
    renderBoard();
    renderTools();
    renderRating();
    renderPractice();
    renderTimer();
    $('puzzle-name').textContent = S.name || '';
  }
  function stepMarks() {
    var place = {}, elim = {};
    if (hint && hint.level >= 3 && hint.data.step) {
      hint.data.step.placements.forEach(function (c) { place[(c.row - 1) * 9 + c.col - 1] = c.digit; });
      hint.data.step.eliminations.forEach(function (c) {
        var i = (c.row - 1) * 9 + c.col - 1;
        elim[i] = (elim[i] || 0) | bit(c.digit);
      });
    }
    return { place: place, elim: elim };
  }
  function renderBoard() {
    if (!S) return;
    var sv = value(sel);
    var marks = stepMarks();
    var sr = Math.floor(sel / 9), sc = sel % 9, sb = Math.floor(sr / 3) * 3 + Math.floor(sc / 3);
    for (var i = 0; i < 81; i++) {
      var cell = cells[i], el = cell.el;
      var r = Math.floor(i / 9), c = i % 9, b = Math.floor(r / 3) * 3 + Math.floor(c / 3);
      var v = value(i);
      var conflict = v && PEERS[i].some(function (p) { return value(p) === v; });
      el.classList.toggle('given', !!given(i));
      el.classList.toggle('placed', !given(i) && !!v);
      el.classList.toggle('sel', i === sel);
      el.classList.toggle('peer', i !== sel && (r === sr || c === sc || b === sb));
      el.classList.toggle('same', i !== sel && !!sv && v === sv);
      el.classList.toggle('conflict', !!conflict);
      el.classList.toggle('mistake', mistakes.indexOf(i) >= 0);
      el.classList.toggle('step-place', marks.place[i] !== undefined);
      cell.value.textContent = v ? String(v) : '';
      var m = shown(i);
      var shownHere = v ? 0 : m | (marks.place[i] ? bit(marks.place[i]) : 0);
      // practising: the candidates the player struck out stay, crossed
      var struck = !v && S.practice ? S.elim[i] & ~S.practice.elim[i] & allowed(i) : 0;
      for (var d = 1; d <= 9; d++) {
        var span = cell.notes[d - 1];
        var on = !!(shownHere & bit(d)) || (!v && !!((marks.elim[i] || 0) & bit(d))) || !!(struck & bit(d));
        span.textContent = on ? String(d) : '';
        span.className = !on ? '' : marks.place[i] === d ? 'step-place'
          : (marks.elim[i] || 0) & bit(d) ? 'step-elim' : struck & bit(d) ? 'struck' : sv === d ? 'same' : '';
        var colour = on && S.colours ? S.colours[i + '_' + d] : 0;
        if (colour) span.classList.add('col' + colour);
        if (on && filterDigit === d) span.classList.add('filter');
      }
      var cellColour = S.colours ? S.colours['c' + i] : 0;
      el.classList.toggle('col1', cellColour === 1);
      el.classList.toggle('col2', cellColour === 2);
      el.classList.toggle('filter', !!filterDigit && v === filterDigit);
      var label = cellName(i) + (v ? ', ' + v + (given(i) ? ' given' : '') : ', empty');
      el.setAttribute('aria-label', label);
    }
    $('board').setAttribute('aria-activedescendant', '');
  }
  function renderTools() {
    $('mode-value').setAttribute('aria-pressed', String(!notesMode));
    $('mode-notes').setAttribute('aria-pressed', String(notesMode));
    $('pad').classList.toggle('notes', notesMode);
    $('auto').checked = !!S.auto;
    $('colour-1').setAttribute('aria-pressed', String(colourMode === 1));
    $('colour-2').setAttribute('aria-pressed', String(colourMode === 2));
    $('board').classList.toggle('colouring', !!colourMode);
    [].forEach.call($('filter').querySelectorAll('button'), function (b) {
      b.setAttribute('aria-pressed', String(+b.dataset.filter === filterDigit));
    });
    $('undo').disabled = !S.hist.length;
    $('redo').disabled = !S.fut.length;
    var count = {};
    for (var i = 0; i < 81; i++) { var v = value(i); if (v) count[v] = (count[v] || 0) + 1; }
    [].forEach.call($('pad').querySelectorAll('button[data-digit]'), function (b) {
      var d = +b.dataset.digit;
      b.classList.toggle('done', d > 0 && count[d] === 9);
      b.title = d ? (notesMode ? 'Toggle the note ' + d : 'Enter ' + d) + (count[d] ? ' (' + count[d] + ' of 9 placed)' : '') : 'Erase (Backspace)';
    });
  }
  function renderRating() {
    var el = $('rating');
    var r = S && S.rating;
    if (!r) return;
    el.textContent = '';
    if (r.practice) { el.textContent = 'a practice position'; return; }
    if (r.hodoku) {
      var lv = document.createElement('span');
      lv.className = 'level level-' + r.hodoku.level.toLowerCase();
      lv.textContent = r.hodoku.level;
      el.appendChild(lv);
    }
    if (r.se) el.appendChild(document.createTextNode('SE ' + r.se.er.toFixed(1)));
    if (r.hodoku) {
      var score = document.createElement('span');
      score.className = 'score';
      score.textContent = ' · HoDoKu score ' + r.hodoku.score;
      el.appendChild(score);
    }
    if (!r.se && !r.hodoku && r.outcome) el.appendChild(document.createTextNode(r.outcome.replace(/_/g, ' ')));
  }

  function say(text, kind) {
    var m = $('message');
    m.textContent = text || '';
    m.className = 'message' + (text && kind ? ' ' + kind : '');
  }

  function renderHint() {
    var box = $('hintbox'), d = hint.data;
    box.hidden = false;
    var text = $('hint-text');
    text.textContent = '';
    function p(content, cls) {
      var el = document.createElement('p');
      if (cls) el.className = cls;
      el.textContent = content;
      text.appendChild(el);
      return el;
    }
    var isStep = d.status === 'step';
    $('hint-title').textContent = isStep ? d.name : 'Hint';
    [].forEach.call(box.querySelectorAll('.levels li'), function (li) {
      li.classList.toggle('on', isStep && +li.dataset.level <= hint.level);
    });
    box.querySelector('.levels').hidden = !isStep;
    if (isStep) {
      var first = p('');
      first.appendChild(document.createTextNode('Next step: '));
      var b = document.createElement('strong');
      b.textContent = d.name;
      first.appendChild(b);
      first.appendChild(document.createTextNode('.'));
      if (hint.level >= 2) p('Where: ' + d.where);
      if (hint.level >= 3) {
        p(d.step.text, 'step-line');
        p(d.step.explanation);
      }
    } else {
      p(d.message || 'Nothing to hint at.');
    }
    // level 1 names the technique only: its picture is the position alone,
    // which the board beside it already shows
    var pic = isStep && hint.level === 1 ? null : d.picture;
    var onBoard = overlayHint(pic);
    picture($('hint-pic'), onBoard ? null : pic);
    var more = $('more');
    more.hidden = !isStep || hint.level >= 3;
    more.textContent = hint.level === 1 ? 'Where to look?' : 'Show the step';
    $('apply').hidden = !isStep;
    renderBoard();
    // on a narrow screen the hint is below the board: bring its top in
    // view (unless it is drawn on the board, which stays in sight)
    var top = box.getBoundingClientRect().top;
    if (!onBoard && (top < 0 || top > window.innerHeight - 160) && box.scrollIntoView) {
      box.scrollIntoView({ block: 'start' });
    }
  }


  // ----- a phone: the hint drawn on the player's own board ----------------
  // The step's picture (render::svg) has its grid at 30..570 with 60 px
  // cells and its legend below: on a narrow screen its marks (houses,
  // candidates, links) go over the board itself, and its legend becomes
  // lines of text (at least 12 px) under the hint's words.
  var NARROW = '(max-width: 520px)';
  function narrow() { return !!(window.matchMedia && window.matchMedia(NARROW).matches); }
  function centre(el) {
    var n = function (a) { return parseFloat(el.getAttribute(a)) || 0; };
    var tag = el.tagName.toLowerCase();
    if (tag === 'circle' || tag === 'ellipse') return [n('cx'), n('cy')];
    if (tag === 'rect') return [n('x') + n('width') / 2, n('y') + n('height') / 2];
    if (tag === 'text') return [n('x'), n('y') - 5];
    if (tag === 'line') return [(n('x1') + n('x2')) / 2, (n('y1') + n('y2')) / 2];
    var m = /[Mm]\s*(-?[\d.]+)[ ,](-?[\d.]+)/.exec(el.getAttribute('d') || el.getAttribute('points') || '');
    return m ? [+m[1], +m[2]] : [0, 0];
  }
  function overlayHint(svgText) {
    var host = $('board-overlay'), legend = $('hint-legend');
    var clear = function () {
      host.hidden = true; legend.hidden = true;
      if (host.shadowRoot) host.shadowRoot.innerHTML = '';
      if (legend.shadowRoot) legend.shadowRoot.innerHTML = '';
      return false;
    };
    if (!svgText || !narrow() || typeof DOMParser === 'undefined') return clear();
    var svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
    if (!svg || svg.tagName.toLowerCase() !== 'svg') return clear();
    var style = svg.querySelector('style');
    var css = style ? style.textContent : '';
    // the legend: each label (text.tx below the grid) with the samples on its row
    var entries = [];
    [].slice.call(svg.querySelectorAll('text.tx')).forEach(function (t) {
      var y = parseFloat(t.getAttribute('y'));
      if (y > 580) entries.push({ x: parseFloat(t.getAttribute('x')), y: y - 5, label: t.textContent, parts: [] });
    });
    [].slice.call(svg.children).forEach(function (el) {
      var tag = el.tagName.toLowerCase();
      if (tag === 'style' || tag === 'defs') return;
      var c = centre(el);
      if (c[1] <= 575) {
        // the board draws its own grid, values and pencil marks
        if (/^(bg|ln|bx|lb|gv|pv|pm|tt|tx|wd)$/.test(el.getAttribute('class') || '') || tag === 'text') el.remove();
        return;
      }
      var e = entries.filter(function (e) { return Math.abs(e.y - c[1]) <= 12 && c[0] < e.x && c[0] > e.x - 34; })[0];
      if (e && tag !== 'text') e.parts.push(el.cloneNode(true));
      el.remove();
    });
    svg.setAttribute('viewBox', '30 30 540 540');
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    var root = host.shadowRoot || host.attachShadow({ mode: 'open' });
    root.innerHTML = '<style>:host{display:block}svg{display:block;width:100%;height:100%}</style>';
    root.appendChild(document.importNode(svg, true));
    host.hidden = false;
    var lroot = legend.shadowRoot || legend.attachShadow({ mode: 'open' });
    lroot.innerHTML = '<style>:host{display:block}' + css +
      '.row{display:flex;align-items:center;gap:8px;font-size:13px;line-height:1.3;margin:3px 0}' +
      '.row svg{flex:none;width:22px;height:22px}</style>';
    var NS = svg.namespaceURI; // SVG's, from the picture itself
    entries.forEach(function (e) {
      var row = document.createElement('div');
      row.className = 'row';
      var sample = document.createElementNS(NS, 'svg');
      sample.setAttribute('viewBox', (e.x - 30) + ' ' + (e.y - 12) + ' 24 24');
      e.parts.forEach(function (p) { sample.appendChild(document.importNode(p, true)); });
      var label = document.createElement('span');
      label.textContent = e.label;
      row.appendChild(sample);
      row.appendChild(label);
      lroot.appendChild(row);
    });
    legend.hidden = !entries.length;
    return true;
  }

  // The step's picture (render::svg) in a shadow root, so its style stays
  // its own, without the text under the grid (the hint box writes it).
  function picture(host, svgText, keepText) {
    var root = host.shadowRoot || host.attachShadow({ mode: 'open' });
    if (!svgText) { root.innerHTML = ''; host.hidden = true; return; }
    host.hidden = false;
    root.innerHTML = '<style>:host{display:block}svg{display:block;width:100%;height:auto}</style>' + svgText;
    var svg = root.querySelector('svg');
    if (!svg) return;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    if (keepText) return;
    // the text block is the run of lines below every drawing (the grid and
    // the legend's samples); the legend's own labels stay
    var bottom = 0;
    function bottomOf(el) {
      try { var bb = el.getBBox(); return bb.y + bb.height; } catch (e) { return 0; }
    }
    [].forEach.call(svg.children, function (el) {
      var tag = el.tagName.toLowerCase();
      if (tag === 'style' || tag === 'defs' || tag === 'text' || (tag === 'rect' && el.classList.contains('bg'))) return;
      bottom = Math.max(bottom, bottomOf(el));
    });
    var drawn = bottom;
    [].forEach.call(svg.querySelectorAll('text.tt, text.tx'), function (t) {
      if (parseFloat(t.getAttribute('y')) > drawn + 4) t.remove();
      else bottom = Math.max(bottom, bottomOf(t));
    });
    var vb = svg.viewBox.baseVal;
    var h = Math.ceil(bottom + 14);
    if (vb && h > 100 && h < vb.height) {
      svg.setAttribute('viewBox', '0 0 ' + vb.width + ' ' + h);
      var bg = svg.querySelector('rect.bg');
      if (bg) bg.setAttribute('height', String(h));
    }
  }

  // ----- the new-puzzle dialog -------------------------------------------
  function openNew() {
    $('paste-error').textContent = '';
    var dlg = $('newdlg');
    if (typeof dlg.showModal === 'function') dlg.showModal(); else dlg.setAttribute('open', '');
    loadBuiltins();
  }
  function closeNew() {
    var dlg = $('newdlg');
    if (typeof dlg.close === 'function') dlg.close(); else dlg.removeAttribute('open');
    $('board').focus();
  }
  function loadBuiltins() {
    if (builtins) return Promise.resolve(builtins);
    return fetch('/api/puzzles').then(function (r) { return r.json(); }).then(function (d) {
      builtins = d.puzzles;
      var host = $('builtin');
      host.textContent = '';
      var levels = [];
      builtins.forEach(function (p) { if (levels.indexOf(p.level) < 0) levels.push(p.level); });
      levels.forEach(function (level) {
        var tag = document.createElement('span');
        tag.className = 'level level-' + level.toLowerCase();
        tag.textContent = level;
        var row = document.createElement('div');
        row.className = 'choices';
        builtins.filter(function (p) { return p.level === level; }).forEach(function (p) {
          var b = document.createElement('button');
          b.type = 'button';
          b.dataset.puzzle = p.puzzle;
          b.textContent = p.name.replace(level + ' ', '#') + ' ';
          var small = document.createElement('small');
          small.textContent = 'SE ' + p.er.toFixed(1);
          b.appendChild(small);
          b.addEventListener('click', function () {
            closeNew();
            startGame(p.puzzle, p.name);
            say('Pick a cell and type a digit. Stuck? Ask for a hint.', '');
          });
          row.appendChild(b);
        });
        host.appendChild(tag);
        host.appendChild(row);
      });
      return builtins;
    }).catch(function () { $('builtin').textContent = 'The built-in puzzles could not be loaded.'; });
  }
  function startPasted() {
    var text = $('paste').value;
    $('paste-error').textContent = '';
    withBusy('paste', $('start'), 'Reading…', function () {
      return post('/api/position', { position: text }).then(function (r) {
        var d = r.data;
        if (d.solutions !== 1) {
          $('paste-error').textContent = d.solutions === 0
            ? 'This puzzle has no solution: check the givens.'
            : 'This puzzle has several solutions (at least ' + d.solutions + '): the trainer needs a puzzle with exactly one.';
          return;
        }
        var values = new Array(81).fill(0), elim = new Array(81).fill(0);
        var auto = false;
        (d.placed || []).forEach(function (c) {
          var i = (c.row - 1) * 9 + c.col - 1;
          values[i] = +d.values.charAt(i);
        });
        closeNew();
        startGame(d.puzzle, null, { fresh: true, values: values });
        // pencil marks of a pasted position: kept as removed candidates
        for (var i = 0; i < 81; i++) {
          if (value(i)) continue;
          var had = 0;
          for (var k = 1; k <= 9; k++) if (d.candidates.charAt(i * 9 + k - 1) === String(k)) had |= bit(k);
          elim[i] = allowed(i) & ~had;
          if (elim[i]) auto = true;
        }
        S.elim = elim;
        S.auto = auto;
        save();
        render();
        say(auto ? 'Your position is loaded with its pencil marks.' : 'Puzzle loaded. Have fun!', 'good');
      }).catch(function (e) { $('paste-error').textContent = e.message; });
    });
  }
  function generate() {
    var level = $('gen-level').value;
    withBusy('generate', $('generate'), 'Making one…', function () {
      var body = level ? { level: level } : {};
      return post('/api/generate', body).then(function (r) {
        closeNew();
        var lv = r.data.rating && r.data.rating.hodoku ? r.data.rating.hodoku.level : 'New';
        startGame(r.data.puzzle, lv + ' (generated)', { fresh: true, rating: r.data.rating });
        say('A new puzzle, made for you.', 'good');
      }).catch(function (e) { $('paste-error').textContent = e.message; });
    });
  }
  function restart() {
    closeNew();
    move(function () {
      S.values = new Array(81).fill(0);
      S.marks = new Array(81).fill(0);
      S.elim = new Array(81).fill(0);
    });
    say('Started again (Undo brings your game back).', '');
  }



  // ----- the player's tools: colours, the digit filter, singles, the timer
  // S.colours: {"c<cell>": 1|2, "<cell>_<digit>": 1|2}, outside the undo history
  function colourAt(key) {
    if (!S.colours) S.colours = {};
    if (S.colours[key] === colourMode) delete S.colours[key];
    else S.colours[key] = colourMode;
    save();
    renderBoard();
  }
  function setColourMode(c) {
    colourMode = colourMode === c ? 0 : c;
    renderTools();
  }
  function clearColours() {
    S.colours = {};
    save();
    renderBoard();
  }
  function setFilter(d) {
    filterDigit = filterDigit === d ? 0 : d;
    renderTools();
    renderBoard();
  }
  // Place every naked single (a cell with one candidate) and hidden single
  // (a digit with one place in a house), again until none is left.
  function fillSingles() {
    var before = filled();
    S.help = (S.help || 0) + 1; // taken back below if there was none
    move(function () {
      for (var guard = 0; guard < 81; guard++) {
        var found = null;
        for (var i = 0; i < 81 && !found; i++) {
          if (value(i)) continue;
          var c = candidates(i);
          if (c && !(c & (c - 1))) found = [i, Math.round(Math.log2(c))];
        }
        for (var h = 0; h < 27 && !found; h++) {
          for (var d = 1; d <= 9 && !found; d++) {
            var places = HOUSES[h].filter(function (j) { return !value(j) && (candidates(j) & bit(d)); });
            var placed = HOUSES[h].some(function (j) { return value(j) === d; });
            if (places.length === 1 && !placed) found = [places[0], d];
          }
        }
        if (!found) break;
        place(found[0], found[1]);
      }
    });
    var n = filled() - before;
    if (!n) S.help--;
    save();
    renderTimer();
    if (filled() === 81) return; // Check says it is solved
    say(n ? 'Filled in ' + n + ' single' + (n === 1 ? '' : 's') + ' (help used ' + S.help + ' time' + (S.help === 1 ? '' : 's') + ').'
      : 'No single to fill in: a technique is needed next (ask for a hint).', n ? 'good' : '');
  }
  function clock(t) {
    var m = Math.floor(t / 60), sec = t % 60;
    return (m >= 60 ? Math.floor(m / 60) + ':' + ('0' + m % 60).slice(-2) : m) + ':' + ('0' + sec).slice(-2);
  }
  function tick() {
    if (!S || document.hidden || filled() === 81) return;
    S.time = (S.time || 0) + 1;
    renderTimer();
    if (S.time % 15 === 0) senseiStore.save(S);
  }
  function renderTimer() {
    $('timer').textContent = S ? 'Time ' + clock(S.time || 0) + (S.help ? ' · help ×' + S.help : '') : '';
  }

  // ----- practice: a technique's lesson, positions made for it, checks ----
  var families = null;    // GET /api/techniques, once fetched
  var lessonSlug = null;  // the technique whose lesson is open
  function techniqueName(slug) {
    var name = slug;
    (families || []).forEach(function (f) {
      f.techniques.forEach(function (t) { if (t.slug === slug) name = t.name; });
    });
    return name;
  }
  function progressText(p) {
    if (!p || !p.attempts) return 'Not practised yet.';
    return (p.learned ? 'Learned. ' : '') + p.successes + ' right of ' + p.attempts +
      (p.attempts === 1 ? ' try' : ' tries') + '; streak ' + p.streak + (p.learned ? '' : ' (' + senseiStore.LEARNED_AFTER + ' in a row to learn it)') + '.';
  }
  function openPractice(slug) {
    var dlg = $('practicedlg');
    if (!dlg.open) { if (typeof dlg.showModal === 'function') dlg.showModal(); else dlg.setAttribute('open', ''); }
    $('practice-error').textContent = '';
    return loadTechniques().then(function () {
      if (slug) showLesson(slug); else showMap();
    });
  }
  function closePractice() {
    var dlg = $('practicedlg');
    if (typeof dlg.close === 'function') dlg.close(); else dlg.removeAttribute('open');
    $('board').focus();
  }
  function loadTechniques() {
    if (families) return Promise.resolve(families);
    return fetch('/api/techniques').then(function (r) { return r.json(); }).then(function (d) {
      families = d.families;
      return families;
    });
  }
  function showMap() {
    lessonSlug = null;
    $('lesson').hidden = true;
    $('techmap').hidden = false;
    var host = $('families'), progress = senseiStore.progress();
    host.textContent = '';
    families.forEach(function (f) {
      var h = document.createElement('h3');
      h.textContent = f.family;
      var row = document.createElement('div');
      row.className = 'choices';
      f.techniques.forEach(function (t) {
        var b = document.createElement('button');
        b.type = 'button';
        b.dataset.technique = t.slug;
        var p = progress[t.slug];
        b.className = p && p.learned ? 'learned' : p && p.attempts ? 'tried' : '';
        b.textContent = (p && p.learned ? '✓ ' : '') + t.name;
        b.title = progressText(p);
        b.addEventListener('click', function () { showLesson(t.slug); });
        row.appendChild(b);
      });
      host.appendChild(h);
      host.appendChild(row);
    });
  }
  function showLesson(slug) {
    lessonSlug = slug;
    $('techmap').hidden = true;
    $('lesson').hidden = false;
    $('lesson-title').textContent = techniqueName(slug);
    $('lesson-progress').textContent = progressText(senseiStore.progress()[slug]);
    $('lesson-text').textContent = 'Loading the lesson…';
    $('lesson-example').textContent = '';
    $('lesson-example-text').textContent = '';
    picture($('lesson-pic'), null);
    return post('/api/lesson', { technique: slug }).then(function (r) {
      if (lessonSlug !== slug) return;
      var d = r.data, text = $('lesson-text');
      text.textContent = '';
      d.text.concat(d.family_intro.length ? [''] : [], d.family_intro).forEach(function (para, k) {
        if (!para) return;
        var el = document.createElement('p');
        if (k >= d.text.length) el.className = 'small';
        markdown(el, para);
        text.appendChild(el);
      });
      picture($('lesson-pic'), d.picture, true);
      $('lesson-example').textContent = d.example_line || '';
      markdown($('lesson-example-text'), d.example_text || '');
    }).catch(failed);
  }
  // a paragraph of the learner pages: **bold**, `code`, [links](...) as text
  function markdown(el, text) {
    el.textContent = '';
    text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').split(/(\*\*[^*]+\*\*|`[^`]+`|_[^_]+_)/).forEach(function (part) {
      var m;
      if ((m = /^\*\*(.+)\*\*$/.exec(part))) { var b = document.createElement('strong'); b.textContent = m[1]; el.appendChild(b); }
      else if ((m = /^`(.+)`$/.exec(part))) { var c = document.createElement('code'); c.textContent = m[1]; el.appendChild(c); }
      else if ((m = /^_(.+)_$/.exec(part))) { var i = document.createElement('em'); i.textContent = m[1]; el.appendChild(i); }
      else if (part) el.appendChild(document.createTextNode(part));
    });
  }
  function startPractice(slug) {
    slug = slug || lessonSlug || (S && S.practice && S.practice.technique);
    if (!slug) return;
    $('practice-error').textContent = '';
    return withBusy('practice', $('practice-start'), 'Making a position…', function () {
      return post('/api/practice', { technique: slug }).then(function (r) {
        var d = r.data;
        var values = new Array(81).fill(0), elim = new Array(81).fill(0);
        (d.placed || []).forEach(function (c) {
          var i = (c.row - 1) * 9 + c.col - 1;
          values[i] = +d.values.charAt(i);
        });
        closePractice();
        startGame(d.puzzle, 'Practice: ' + d.name, { fresh: true, values: values, auto: true, elim: elim, rating: { practice: true } });
        for (var i = 0; i < 81; i++) {
          if (value(i)) continue;
          var had = 0;
          for (var k = 1; k <= 9; k++) if (d.candidates.charAt(i * 9 + k - 1) === String(k)) had |= bit(k);
          S.elim[i] = allowed(i) & ~had;
        }
        S.practice = {
          technique: d.technique, name: d.name, position: d.position, source: d.source,
          values: S.values.slice(), elim: S.elim.slice(), done: false
        };
        save();
        render();
        practiceSay('', '');
        picture($('practice-pic'), null);
        say('');
      }).catch(function (e) {
        if ($('practicedlg').open) $('practice-error').textContent = e.message; else failed(e);
      });
    });
  }
  // the player's marks since the practice position: removed candidates and placed values
  function practiceMarks() {
    var P = S.practice, elims = [], places = [];
    for (var i = 0; i < 81; i++) {
      var rc = { row: Math.floor(i / 9) + 1, col: i % 9 + 1 };
      if (S.values[i] && !P.values[i]) places.push({ row: rc.row, col: rc.col, digit: S.values[i] });
      if (value(i)) continue;
      var gone = S.elim[i] & ~P.elim[i];
      for (var d = 1; d <= 9; d++) if (gone & bit(d)) elims.push({ row: rc.row, col: rc.col, digit: d });
    }
    return { eliminations: elims, placements: places };
  }
  function practiceSay(text, kind) {
    var m = $('practice-result');
    m.textContent = text || '';
    m.className = 'message' + (text && kind ? ' ' + kind : '');
  }
  function checkStep() {
    if (!S || !S.practice) return;
    var P = S.practice, marks = practiceMarks();
    return withBusy('check-step', $('check-step'), 'Checking…', function () {
      return post('/api/check-step', {
        position: P.position, technique: P.technique,
        eliminations: marks.eliminations, placements: marks.placements, picture: true
      }).then(function (r) {
        var d = r.data;
        var empty = !marks.eliminations.length && !marks.placements.length;
        if (!P.done && !empty) {
          senseiStore.record(P.technique, d.status);
          if (d.status === 'right') { P.done = true; save(); }
        }
        practiceSay(d.message + (d.status === 'not_valid' && !empty ? ' Stuck? Ask for a hint.' : ''),
          d.status === 'right' ? 'good' : d.status === 'partly' ? '' : 'bad');
        picture($('practice-pic'), d.status === 'right' ? d.picture : null);
        renderPractice();
        // on a phone the answer is below the board: bring it in view
        var r = $('practice-result').getBoundingClientRect();
        if ((r.top < 0 || r.bottom > window.innerHeight) && $('practice-result').scrollIntoView) {
          $('practice-result').scrollIntoView({ block: 'nearest' });
        }
      });
    });
  }
  function stopPractice() {
    if (!S) return;
    S.practice = null;
    save();
    render();
  }
  function renderPractice() {
    var P = S && S.practice;
    $('practicebox').hidden = !P;
    $('board').classList.toggle('practising', !!P);
    if (!P) return;
    $('practice-title').textContent = 'Practice: ' + P.name;
    $('practice-task').textContent = P.done
      ? 'Done. Try another position, or go back to the lesson.'
      : 'Find a step of the ' + P.name + ' in this position. Click the candidates it removes (click again to bring one back), or enter the value it places, then press Check my step.' +
        (P.source === 'bundled' ? ' (This position is the lesson\'s own: no new one could be made in time.)' : '');
    $('practice-progress').textContent = progressText(senseiStore.progress()[P.technique]);
    $('practice-next').classList.toggle('primary', !!P.done);
    $('check-step').classList.toggle('primary', !P.done);
  }

  // ----- input -----------------------------------------------------------
  function digitKey(e) {
    var m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code || '');
    if (m) return +m[1];
    if (/^[0-9]$/.test(e.key)) return +e.key;
    return -1;
  }
  function enter(d, asNote) {
    if (d === 0) { erase(sel); return; }
    if (asNote || notesMode) toggleNote(sel, d);
    else setValue(sel, d);
  }
  function setMode(notes) { notesMode = notes; renderTools(); }

  function onKey(e) {
    if (!S) return;
    var t = e.target;
    if ($('newdlg').open || $('practicedlg').open) return;
    if (!$('explainer').hidden) {
      if (e.key === 'Escape') { closeExplain(); e.preventDefault(); }
      return;
    }
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
    var k = e.key;
    if ((e.ctrlKey || e.metaKey) && !e.altKey) {
      var lk = k.toLowerCase();
      if (lk === 'z' && !e.shiftKey) { undo(); e.preventDefault(); }
      else if (lk === 'y' || (lk === 'z' && e.shiftKey)) { redo(); e.preventDefault(); }
      return;
    }
    if (e.altKey) return;
    var d = digitKey(e);
    if (d >= 0) { enter(d, e.shiftKey); e.preventDefault(); return; }
    var r = Math.floor(sel / 9), c = sel % 9;
    switch (k) {
      case 'ArrowUp': r = (r + 8) % 9; break;
      case 'ArrowDown': r = (r + 1) % 9; break;
      case 'ArrowLeft': c = (c + 8) % 9; break;
      case 'ArrowRight': c = (c + 1) % 9; break;
      case 'Backspace': case 'Delete': case '.': erase(sel); e.preventDefault(); return;
      case ' ':
        if (t && t.tagName === 'BUTTON') return; // Space presses a focused button
        setMode(!notesMode); e.preventDefault(); return;
      case 'n': case 'N': setMode(!notesMode); e.preventDefault(); return;
      case 'h': case 'H': askHint(); return;
      case 'a': case 'A': applyHint(); return;
      case 'c': case 'C': check(false); return;
      case 'e': case 'E': explain(); return;
      case 'Escape': closeHint(); return;
      default: return;
    }
    e.preventDefault();
    select(r * 9 + c);
  }
  function select(i) {
    sel = i;
    if (S) { S.sel = i; senseiStore.saveSelection(S); }
    renderBoard();
  }

  function wire() {
    buildBoard();
    $('board').addEventListener('mousedown', function (e) {
      var el = e.target.closest('.cell');
      if (!el) return;
      select(+el.dataset.i);
      var note = e.target.closest('.notes span');
      var digitOf = function (n) { return [].indexOf.call(n.parentNode.children, n) + 1; };
      if (colourMode) {
        colourAt(note && note.textContent ? el.dataset.i + '_' + digitOf(note) : 'c' + el.dataset.i);
      } else if (note && S.practice && note.textContent) {
        toggleNote(+el.dataset.i, [].indexOf.call(note.parentNode.children, note) + 1);
      }
      $('board').focus();
      e.preventDefault();
    });
    $('pad').addEventListener('click', function (e) {
      var b = e.target.closest('button[data-digit]');
      if (b) enter(+b.dataset.digit, false);
    });
    $('mode-value').addEventListener('click', function () { setMode(false); });
    $('mode-notes').addEventListener('click', function () { setMode(true); });
    $('auto').addEventListener('change', function () {
      S.auto = $('auto').checked;
      closeHint();
      save();
      render();
    });
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redo);
    $('hint').addEventListener('click', askHint);
    $('more').addEventListener('click', function () { if (hint) requestHint(Math.min(3, hint.level + 1)); });
    $('apply').addEventListener('click', applyHint);
    $('close-hint').addEventListener('click', closeHint);
    $('check').addEventListener('click', function () { check(false); });
    $('explain').addEventListener('click', explain);
    $('close-explain').addEventListener('click', closeExplain);
    $('new').addEventListener('click', openNew);
    $('start').addEventListener('click', startPasted);
    $('generate').addEventListener('click', generate);
    $('restart').addEventListener('click', restart);
    $('practice').addEventListener('click', function () { openPractice(null); });
    $('colour-1').addEventListener('click', function () { setColourMode(1); });
    $('colour-2').addEventListener('click', function () { setColourMode(2); });
    $('colour-clear').addEventListener('click', clearColours);
    $('filter').addEventListener('click', function (e) {
      var b = e.target.closest('button[data-filter]');
      if (b) setFilter(+b.dataset.filter);
    });
    $('singles').addEventListener('click', fillSingles);
    setInterval(tick, 1000);
    $('lesson-back').addEventListener('click', showMap);
    $('practice-start').addEventListener('click', function () { startPractice(lessonSlug); });
    $('check-step').addEventListener('click', checkStep);
    $('practice-next').addEventListener('click', function () { startPractice(S.practice && S.practice.technique); });
    $('practice-lesson').addEventListener('click', function () { openPractice(S.practice && S.practice.technique); });
    $('practice-stop').addEventListener('click', stopPractice);
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', function () {
      if (practiceFromHash()) { openPractice(practiceFromHash()); return; }
      var p = puzzleFromHash();
      if (p && (!S || p !== S.puzzle)) startGame(p);
    });
  }

  function boot() {
    wire();
    var fromUrl = puzzleFromHash();
    var current = senseiStore.current();
    loadBuiltins().then(function () {
      var lesson = practiceFromHash();
      if (lesson) {
        if (current) startGame(current);
        else if (builtins && builtins.length) startGame(builtins[0].puzzle, builtins[0].name);
        openPractice(lesson);
      } else if (fromUrl) startGame(fromUrl);
      else if (current) startGame(current);
      else if (builtins && builtins.length) {
        startGame(builtins[0].puzzle, builtins[0].name);
        say('Welcome! Pick a cell and type a digit (or use the pad). Stuck? Ask for a hint.', '');
      }
      $('board').focus();
    });
  }

  boot();
})();
