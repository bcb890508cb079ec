//! JSON shapes of the core types (1-based rows and columns).

use crate::bitset::{CellSet, DigitSet};
use crate::grid::{Candidate, Cell, Digit, House};
use crate::technique::Technique;
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

/// `{"row": 3, "col": 5}`
impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Cell", 2)?;
        st.serialize_field("row", &(self.row() + 1))?;
        st.serialize_field("col", &(self.col() + 1))?;
        st.end()
    }
}

/// A number 1..=9.
impl Serialize for Digit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.get())
    }
}

/// `{"kind": "row", "index": 3}` (index 1-based)
impl Serialize for House {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("House", 2)?;
        st.serialize_field("kind", &self.kind())?;
        st.serialize_field("index", &(self.number() + 1))?;
        st.end()
    }
}

/// `{"row": 3, "col": 5, "digit": 7}`
impl Serialize for Candidate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Candidate", 3)?;
        st.serialize_field("row", &(self.cell.row() + 1))?;
        st.serialize_field("col", &(self.cell.col() + 1))?;
        st.serialize_field("digit", &self.digit.get())?;
        st.end()
    }
}

/// A list of cells.
impl Serialize for CellSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len() as usize))?;
        for c in self.iter() {
            seq.serialize_element(&c)?;
        }
        seq.end()
    }
}

/// A list of digits.
impl Serialize for DigitSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len() as usize))?;
        for d in self.iter() {
            seq.serialize_element(&d.get())?;
        }
        seq.end()
    }
}

/// The technique's slug.
impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.slug())
    }
}
