//! The colours of a picture, chosen for small phone screens and colour-blind learners, with the
//! colour arithmetic that checks them (WCAG contrast, CIELAB distance, a simulation of the two
//! common kinds of red–green colour blindness).
//!
//! Every mark and arrow is drawn in its colour over a thin white casing (the "halo"). The
//! colour has at least 3:1 contrast against the light squares and against the halo, and the
//! halo has at least 3:1 against the dark squares, so a mark stands out on either square.
//!
//! The kinds that must never be confused stay at least ΔE 20 apart (CIELAB) for normal vision
//! and under simulated protanopia and deuteranopia: the learner's move (blue), the opponent's
//! reply (magenta), attacks and forbidden squares (red), blockers (orange), good squares and
//! moves (green). Blue against orange/red is the pair that red–green colour blindness keeps.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::marks::{ArrowKind, MarkKind};

/// An opaque sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl fmt::Display for Rgb {
    /// `#rrggbb`, as SVG wants it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

impl Rgb {
    /// The colour seen through `alpha` of `self` laid over `under`.
    #[must_use]
    pub fn over(self, under: Rgb, alpha: f32) -> Rgb {
        let mix = |a: u8, b: u8| {
            let v = f32::from(a) * alpha + f32::from(b) * (1.0 - alpha);
            // In 0..=255 by construction.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let v = v.round().clamp(0.0, 255.0) as u8;
            v
        };
        Rgb(
            mix(self.0, under.0),
            mix(self.1, under.1),
            mix(self.2, under.2),
        )
    }

    fn linear(self) -> [f32; 3] {
        let f = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        [f(self.0), f(self.1), f(self.2)]
    }

    /// Relative luminance (WCAG 2), 0 for black to 1 for white.
    #[must_use]
    pub fn luminance(self) -> f32 {
        let [r, g, b] = self.linear();
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// WCAG 2 contrast ratio, from 1 (none) to 21 (black on white).
    #[must_use]
    pub fn contrast(self, other: Rgb) -> f32 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// CIE76 colour difference (Euclidean distance in CIELAB) as seen with `vision`.
    /// About 2 is just noticeable; 20 and more reads as a different colour.
    #[must_use]
    pub fn distance(self, other: Rgb, vision: Vision) -> f32 {
        let (a, b) = (
            lab(vision.simulate(self.linear())),
            lab(vision.simulate(other.linear())),
        );
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }
}

/// How a learner sees colours: normal vision or one of the two common kinds of red–green
/// colour blindness (together about 1 in 12 boys).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vision {
    /// Normal colour vision.
    Normal,
    /// No long-wavelength (red) cones.
    Protanopia,
    /// No medium-wavelength (green) cones.
    Deuteranopia,
}

impl Vision {
    /// Every kind, for checks that must hold for all learners.
    pub const ALL: [Vision; 3] = [Vision::Normal, Vision::Protanopia, Vision::Deuteranopia];

    /// Viénot, Brettel & Mollon (1999) simulation in linear RGB.
    fn simulate(self, [r, g, b]: [f32; 3]) -> [f32; 3] {
        match self {
            Vision::Normal => [r, g, b],
            Vision::Protanopia => {
                let rg = 0.112_38 * r + 0.887_62 * g;
                [rg, rg, 0.004_01 * r - 0.004_01 * g + b]
            }
            Vision::Deuteranopia => {
                let rg = 0.292_75 * r + 0.707_25 * g;
                [rg, rg, -0.022_34 * r + 0.022_34 * g + b]
            }
        }
    }
}

/// Linear sRGB to CIELAB (D65 white).
fn lab([r, g, b]: [f32; 3]) -> [f32; 3] {
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The colours of a board picture. [`Palette::default`] is the checked one; a caller may build
/// its own (the tests below show what a good one must satisfy).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Palette {
    /// Light squares.
    pub light: Rgb,
    /// Dark squares.
    pub dark: Rgb,
    /// The frame around the board.
    pub frame: Rgb,
    /// The file letters and rank numbers, on the frame.
    pub coordinate: Rgb,
    /// Body of the white pieces.
    pub white_piece: Rgb,
    /// Outline and inner lines of the white pieces.
    pub white_piece_line: Rgb,
    /// Body and outline of the black pieces.
    pub black_piece: Rgb,
    /// Inner lines of the black pieces.
    pub black_piece_line: Rgb,
    /// Tint laid over the two squares of the last move.
    pub last_move: Rgb,
    /// Opacity of the last-move tint.
    pub last_move_alpha: f32,
    /// Glow around a king in check.
    pub check: Rgb,
    /// Casing under every mark and arrow.
    pub halo: Rgb,
    /// Pieces that attack, pin or give check ([`MarkKind::Attacker`]) and their lines
    /// ([`ArrowKind::Attack`]).
    pub attacker: Rgb,
    /// Squares a piece may not go to ([`MarkKind::Forbidden`]) and the part of a move that
    /// cannot be made ([`ArrowKind::Forbidden`]).
    pub forbidden: Rgb,
    /// Pieces in the way ([`MarkKind::Blocker`]).
    pub blocker: Rgb,
    /// Squares to look at ([`MarkKind::Highlight`]) and the move tried ([`ArrowKind::Move`]).
    pub highlight: Rgb,
    /// The opponent's reply ([`ArrowKind::Reply`]).
    pub reply: Rgb,
    /// Good squares and moves ([`MarkKind::Good`], [`ArrowKind::Good`]).
    pub good: Rgb,
    /// Legal-move dots.
    pub dot: Rgb,
    /// Opacity of the legal-move dots.
    pub dot_alpha: f32,
}

impl Default for Palette {
    fn default() -> Self {
        Palette {
            light: Rgb(0xf0, 0xd9, 0xb5),
            dark: Rgb(0xb5, 0x88, 0x63),
            frame: Rgb(0x4b, 0x36, 0x21),
            coordinate: Rgb(0xf0, 0xd9, 0xb5),
            white_piece: Rgb(0xff, 0xff, 0xff),
            white_piece_line: Rgb(0x1a, 0x1a, 0x1a),
            black_piece: Rgb(0x22, 0x22, 0x22),
            black_piece_line: Rgb(0xf4, 0xf4, 0xf4),
            last_move: Rgb(0xff, 0xe8, 0x00),
            last_move_alpha: 0.5,
            check: Rgb(0xe0, 0x00, 0x00),
            halo: Rgb(0xff, 0xff, 0xff),
            attacker: Rgb(0xc8, 0x10, 0x2e),
            forbidden: Rgb(0xc8, 0x10, 0x2e),
            blocker: Rgb(0xb3, 0x59, 0x00),
            highlight: Rgb(0x1f, 0x5f, 0xd6),
            reply: Rgb(0xa0, 0x20, 0x8a),
            good: Rgb(0x00, 0x80, 0x6b),
            dot: Rgb(0x1b, 0x3a, 0x5c),
            dot_alpha: 0.85,
        }
    }
}

impl Palette {
    /// The colour of a kind of mark.
    #[must_use]
    pub fn mark(&self, kind: MarkKind) -> Rgb {
        match kind {
            MarkKind::Attacker => self.attacker,
            MarkKind::Forbidden => self.forbidden,
            MarkKind::Blocker => self.blocker,
            MarkKind::Highlight => self.highlight,
            MarkKind::Good => self.good,
        }
    }

    /// The colour of a kind of arrow.
    #[must_use]
    pub fn arrow(&self, kind: ArrowKind) -> Rgb {
        match kind {
            ArrowKind::Attack => self.attacker,
            ArrowKind::Move => self.highlight,
            ArrowKind::Reply => self.reply,
            ArrowKind::Forbidden => self.forbidden,
            ArrowKind::Good => self.good,
        }
    }

    /// The colour of a square (`light` or `dark`) with the last-move tint laid over it.
    #[must_use]
    pub fn tinted(&self, square: Rgb) -> Rgb {
        self.last_move.over(square, self.last_move_alpha)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p() -> Palette {
        Palette::default()
    }

    fn overlay_colours(p: &Palette) -> Vec<(&'static str, Rgb)> {
        vec![
            ("attacker", p.attacker),
            ("forbidden", p.forbidden),
            ("blocker", p.blocker),
            ("highlight", p.highlight),
            ("reply", p.reply),
            ("good", p.good),
            ("check", p.check),
        ]
    }

    #[test]
    fn contrast_of_known_pairs() {
        let black = Rgb(0, 0, 0);
        let white = Rgb(255, 255, 255);
        assert!((black.contrast(white) - 21.0).abs() < 0.01);
        assert!((white.contrast(white) - 1.0).abs() < 1e-6);
        assert!(white.distance(black, Vision::Normal) > 99.0);
    }

    #[test]
    fn simulation_merges_red_and_green_but_keeps_blue_and_yellow() {
        // A pure red and an olive green of similar brightness: plainly different to normal
        // eyes, close for a deuteranope. Blue and yellow stay apart for everyone.
        let (red, olive) = (Rgb(0xd0, 0x30, 0x00), Rgb(0x80, 0x78, 0x00));
        assert!(red.distance(olive, Vision::Normal) > 40.0);
        assert!(red.distance(olive, Vision::Deuteranopia) < 20.0);
        let (blue, yellow) = (Rgb(0x20, 0x40, 0xff), Rgb(0xff, 0xe0, 0x00));
        for v in Vision::ALL {
            assert!(blue.distance(yellow, v) > 60.0, "{v:?}");
        }
    }

    #[test]
    fn squares_are_told_apart_by_everyone() {
        let p = p();
        assert!(p.light.contrast(p.dark) >= 2.0);
    }

    #[test]
    fn every_mark_colour_stands_out_on_both_squares() {
        let p = p();
        // The halo separates a mark from the dark squares, the colour itself from the light ones.
        assert!(
            p.halo.contrast(p.dark) >= 3.0,
            "{}",
            p.halo.contrast(p.dark)
        );
        for (name, c) in overlay_colours(&p) {
            let on_light = c.contrast(p.light);
            let on_halo = c.contrast(p.halo);
            assert!(
                on_light >= 3.0,
                "{name}: {on_light:.2} against light squares"
            );
            assert!(on_halo >= 3.0, "{name}: {on_halo:.2} against its halo");
        }
    }

    #[test]
    fn kinds_that_mean_different_things_look_different_to_colour_blind_learners() {
        let p = p();
        let pairs = [
            ("attacker/highlight", p.attacker, p.highlight),
            ("attacker/good", p.attacker, p.good),
            ("highlight/good", p.highlight, p.good),
            ("blocker/highlight", p.blocker, p.highlight),
            // The learner's move and the opponent's reply, side by side in a refusal.
            (
                "move/reply",
                p.arrow(ArrowKind::Move),
                p.arrow(ArrowKind::Reply),
            ),
            ("reply/attack", p.reply, p.attacker),
            ("reply/good", p.reply, p.good),
            ("reply/blocker", p.reply, p.blocker),
            // A target to look at is never taken for a forbidden square.
            ("forbidden/highlight", p.forbidden, p.highlight),
            ("forbidden/good", p.forbidden, p.good),
        ];
        for v in Vision::ALL {
            for (name, a, b) in pairs {
                let d = a.distance(b, v);
                assert!(d >= 20.0, "{name} under {v:?}: ΔE {d:.1}");
            }
        }
    }

    #[test]
    fn last_move_tint_shows_on_both_squares_for_every_learner() {
        let p = p();
        for v in Vision::ALL {
            for (name, sq) in [("light", p.light), ("dark", p.dark)] {
                let d = p.tinted(sq).distance(sq, v);
                assert!(d >= 15.0, "{name} square under {v:?}: ΔE {d:.1}");
            }
            // A tinted light square must not pass for a dark one, nor the reverse.
            assert!(p.tinted(p.light).distance(p.dark, v) >= 20.0);
            assert!(p.tinted(p.dark).distance(p.light, v) >= 15.0);
        }
    }

    #[test]
    fn check_glow_differs_from_both_squares_for_every_learner() {
        let p = p();
        for v in Vision::ALL {
            for sq in [p.light, p.dark, p.tinted(p.light), p.tinted(p.dark)] {
                let d = p.check.distance(sq, v);
                assert!(d >= 20.0, "{v:?}: ΔE {d:.1} against {sq}");
            }
        }
    }

    #[test]
    fn pieces_read_on_both_squares() {
        let p = p();
        assert!(p.white_piece.contrast(p.white_piece_line) >= 7.0);
        // White pieces: the dark outline carries them on light squares.
        assert!(p.white_piece_line.contrast(p.light) >= 7.0);
        assert!(p.white_piece.contrast(p.dark) >= 3.0);
        // Black pieces: dark bodies on both squares.
        for sq in [p.light, p.dark, p.tinted(p.light), p.tinted(p.dark)] {
            assert!(p.black_piece.contrast(sq) >= 4.5, "{sq}");
        }
        // White and black pieces are never confused.
        assert!(p.white_piece.contrast(p.black_piece) >= 10.0);
    }

    #[test]
    fn coordinates_read_on_the_frame_and_the_frame_ends_the_board() {
        let p = p();
        // Small text wants 4.5:1 (WCAG AA); these are larger than that needs.
        assert!(
            p.coordinate.contrast(p.frame) >= 7.0,
            "{}",
            p.coordinate.contrast(p.frame)
        );
        // The frame is told from both kinds of square, so the board's edge shows.
        assert!(
            p.frame.contrast(p.dark) >= 3.0,
            "{}",
            p.frame.contrast(p.dark)
        );
        for v in Vision::ALL {
            assert!(p.frame.distance(p.light, v) >= 40.0);
        }
    }

    #[test]
    fn forbidden_is_red_and_targets_are_blue() {
        let p = p();
        let red = |c: Rgb| c.0 > 0xa0 && c.1 < 0x40 && c.2 < 0x50;
        let blue = |c: Rgb| c.2 > 0xa0 && c.0 < 0x40;
        assert!(red(p.mark(MarkKind::Forbidden)) && red(p.arrow(ArrowKind::Forbidden)));
        assert!(blue(p.mark(MarkKind::Highlight)) && blue(p.arrow(ArrowKind::Move)));
        assert_ne!(p.arrow(ArrowKind::Reply), p.arrow(ArrowKind::Move));
    }

    /// Legal-move dots stand out at 360 px on a dark square as on a light one: 3:1 against
    /// either square and against their white casing.
    #[test]
    fn legal_move_dots_show_on_both_squares() {
        let p = p();
        for sq in [p.light, p.dark, p.halo] {
            let seen = p.dot.over(sq, p.dot_alpha);
            assert!(seen.contrast(sq) >= 3.0, "{sq}: {:.2}", seen.contrast(sq));
            for v in Vision::ALL {
                assert!(seen.distance(sq, v) >= 15.0, "{sq} {v:?}");
            }
        }
    }

    #[test]
    fn hex_form() {
        assert_eq!(Rgb(0xf0, 0x0d, 0xb5).to_string(), "#f00db5");
    }
}
