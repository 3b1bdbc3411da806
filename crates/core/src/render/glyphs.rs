//! The piece drawings and coordinate glyphs of `glyph_paths.rs` (generated once by
//! `scripts/glyphs.py`), looked up by what they show.

use shakmaty::{Color, File, Rank, Role};

use super::glyph_paths::{BLACK, FILES, RANKS, WHITE};
pub(crate) use super::glyph_paths::{Cap, Glyph, Ink, Join, PIECE_BOX, Part, UNITS_PER_EM};

/// Index of a piece among the twelve: white king … white pawn, then black.
pub(crate) fn piece_index(color: Color, role: Role) -> usize {
    let r = match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    if color.is_white() { r } else { r + 6 }
}

/// The drawing of the piece with this [`piece_index`], in a [`PIECE_BOX`] square.
pub(crate) fn piece(index: usize) -> &'static [Part] {
    if index < 6 {
        WHITE[index]
    } else {
        BLACK[index % 6]
    }
}

/// The letter of a file.
pub(crate) fn file(file: File) -> &'static Glyph {
    &FILES[usize::from(u8::from(file))]
}

/// The digit of a rank.
pub(crate) fn rank(rank: Rank) -> &'static Glyph {
    &RANKS[usize::from(u8::from(rank))]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_has_a_drawing_in_its_box() {
        for i in 0..12 {
            let parts = piece(i);
            assert!(!parts.is_empty(), "piece {i}");
            for p in parts {
                assert!(p.d.starts_with(['M', 'm']), "piece {i}: {}", p.d);
                assert!(
                    p.fill != Ink::None || p.stroke != Ink::None,
                    "piece {i}: invisible part"
                );
                assert!(p.width > 0.0 && p.width < PIECE_BOX / 10.0);
            }
        }
        assert_eq!(piece_index(Color::Black, Role::Pawn), 11);
        assert_eq!(piece_index(Color::White, Role::Queen), 1);
    }

    #[test]
    fn both_sides_have_both_inks() {
        // White: a light body with dark lines; black: a dark body with light inner lines
        // (the pawn, a plain silhouette, has none).
        for i in 0..12 {
            let inks: Vec<Ink> = piece(i).iter().flat_map(|p| [p.fill, p.stroke]).collect();
            assert!(inks.contains(&Ink::Dark), "piece {i}");
            if i != 11 {
                assert!(inks.contains(&Ink::Light), "piece {i}");
            }
        }
    }

    #[test]
    fn the_bishop_is_not_a_pawn() {
        // The bishop has its mitre's slit and cross as separate strokes over the body; the
        // pawn is one plain silhouette. (First-hour review 1.15: a bishop that read as a pawn.)
        let bishop = piece(piece_index(Color::White, Role::Bishop));
        let pawn = piece(piece_index(Color::White, Role::Pawn));
        assert_eq!(pawn.len(), 1);
        assert!(
            bishop
                .iter()
                .any(|p| p.fill == Ink::None && p.stroke == Ink::Dark)
        );
    }

    #[test]
    fn every_coordinate_has_an_outline() {
        for g in File::ALL.map(file).into_iter().chain(Rank::ALL.map(rank)) {
            assert!(g.d.starts_with('M'), "{g:?}");
            assert!(g.bbox.2 > g.bbox.0 && g.bbox.3 > g.bbox.1);
            assert!(g.bbox.3 < UNITS_PER_EM, "fits in an em");
        }
        // Digits stand on the baseline and are all as tall.
        let h = rank(Rank::First).bbox.3;
        for r in Rank::ALL {
            assert!((rank(r).bbox.3 - h).abs() < UNITS_PER_EM * 0.02, "{r:?}");
            assert!(rank(r).bbox.1.abs() < UNITS_PER_EM * 0.02, "{r:?}");
        }
    }
}
