//! The facts the tutor's own sentences name, as typed [`Say`] fields: each becomes its message
//! argument through [`Arg`], worded in the language of the sentence. The chess types the
//! referee shares (a square, a piece, a rule) are worded in `rules::text`; here are the ones
//! the tutor words its own way: a side (`White`, `白`), a move as the learner reads moves, a
//! list, a change of points, a level on the ladder.

use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Color, Move, Position, Square};

use super::ladder;
use super::spelling::{self, Spell};
use super::words::{self, Say};
use crate::i18n::fluent::FluentValue;
use crate::i18n::{Arg, Lang};

/// A side as the tutor's own sentences name it (`White`, `白`): shorter in Chinese than the
/// referee's (`白方`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SideName(pub Color);

impl Arg for SideName {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(match self.0 {
            Color::White => Say::SideWhite.to(lang),
            Color::Black => Say::SideBlack.to(lang),
        })
    }
}

/// A language by its name in itself (`简体中文`, `English`), never converted between the
/// scripts: the language just chosen.
impl Arg for Lang {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(words::language_name(*self))
    }
}

/// Whose move it is (`White to move`, `白方走`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ToMove(pub Color);

impl Arg for ToMove {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(words::side_to_move(lang, self.0 == Color::White))
    }
}

/// Whether a side is White, for a sentence that chooses its words by it (`$white ->
/// [yes] ... *[no] ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct IsWhite(pub Color);

impl Arg for IsWhite {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(if self.0 == Color::White { "yes" } else { "no" })
    }
}

/// A change of points, always with its sign (`+12`, `-3`, `+0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Delta(pub i32);

impl Arg for Delta {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(format!("{:+}", self.0))
    }
}

/// The learner's level on the ladder (`Level 3`), or unranked before the first rated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LadderLevel {
    pub points: i32,
    pub rated_games: u32,
}

impl Arg for LadderLevel {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(ladder::level_name(self.points, self.rated_games, lang))
    }
}

/// A move, legal in the position it was made in, as the learner reads moves (see [`Spell`]):
/// `Rxg2#`, `车吃g2`, `Rxg2#（车吃g2）`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Said {
    mv: Move,
    san: SanPlus,
    spell: Spell,
}

impl Said {
    /// `mv`, legal in `pos`, said the way `spell` says.
    #[must_use]
    pub(crate) fn new(pos: &Chess, mv: Move, spell: Spell) -> Said {
        Said {
            mv,
            san: SanPlus::from_move(pos.clone(), mv),
            spell,
        }
    }

    /// `mv`, legal in `pos`, in SAN (`Nf3`).
    #[must_use]
    pub(crate) fn san(pos: &Chess, mv: Move) -> Said {
        Said::new(pos, mv, Spell::San)
    }

    /// The words in `lang`.
    #[must_use]
    pub(crate) fn to(&self, lang: Lang) -> String {
        let words = || spelling::in_words_of(self.mv, &self.san.san, lang);
        match self.spell {
            Spell::San => self.san.to_string(),
            Spell::Words => words(),
            Spell::Both => format!("{}{}", self.san, words::aside(lang, &words())),
        }
    }
}

impl Arg for Said {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.to(lang))
    }
}

/// A line of moves from a position (at most four), said as the learner reads moves: `Kh1
/// Qg2#` in SAN, `王h1，后g2` in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Line(Vec<Said>);

impl Line {
    /// `moves` from `pos`, as far as they are legal (at most four), said the way `spell` says.
    #[must_use]
    pub(crate) fn new(pos: &Chess, moves: &[Move], spell: Spell) -> Line {
        let mut pos = pos.clone();
        let mut out = Vec::new();
        for &mv in moves.iter().take(4) {
            if !pos.is_legal(mv) {
                break;
            }
            out.push(Said::new(&pos, mv, spell));
            pos.play_unchecked(mv);
        }
        Line(out)
    }

    /// The words in `lang`.
    #[must_use]
    pub(crate) fn to(&self, lang: Lang) -> String {
        let spell = self.0.first().map_or(Spell::San, |s| s.spell);
        let said: Vec<String> = self.0.iter().map(|s| s.to(lang)).collect();
        said.join(if spell == Spell::San { " " } else { "，" })
    }
}

impl Arg for Line {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.to(lang))
    }
}

/// Items of a list, joined as the language joins them (`，` / `, `): squares, moves, names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct List<T>(pub Vec<T>);

impl<T: Arg> Arg for List<T> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let items: Vec<String> = self.0.iter().map(|item| text(item, lang)).collect();
        FluentValue::from(words::list(lang, &items))
    }
}

/// A move in SAN without its check mark (`Nf3`), as a lesson's solution writes it.
impl Arg for San {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

/// Squares as they are written, a space between them (`e4 d5 f6`): the squares a learner
/// marks on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Squares(pub Vec<Square>);

impl Arg for Squares {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        let names: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        FluentValue::from(names.join(" "))
    }
}

/// An argument's words in `lang`, as text.
fn text(arg: &impl Arg, lang: Lang) -> String {
    match arg.value(lang) {
        FluentValue::String(s) => s.into_owned(),
        FluentValue::Number(n) => n.as_string().into_owned(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod samples {
    use super::*;
    use crate::i18n::Sample;

    impl Sample for Lang {
        fn sample() -> Self {
            Lang::ZhHant
        }
    }

    impl Sample for SideName {
        fn sample() -> Self {
            SideName(Color::White)
        }
    }

    impl Sample for ToMove {
        fn sample() -> Self {
            ToMove(Color::Black)
        }
    }

    impl Sample for IsWhite {
        fn sample() -> Self {
            IsWhite(Color::White)
        }
    }

    impl Sample for Delta {
        fn sample() -> Self {
            Delta(-3)
        }
    }

    impl Sample for LadderLevel {
        fn sample() -> Self {
            LadderLevel {
                points: 120,
                rated_games: 2,
            }
        }
    }

    impl Sample for Said {
        fn sample() -> Self {
            let pos = Chess::default();
            let mv = shakmaty::uci::UciMove::from_ascii(b"g1f3")
                .ok()
                .and_then(|uci| uci.to_move(&pos).ok())
                .expect("a legal move");
            Said::new(&pos, mv, Spell::Both)
        }
    }

    impl Sample for Line {
        fn sample() -> Self {
            Line(vec![Said::sample()])
        }
    }

    impl Sample for San {
        fn sample() -> Self {
            Said::sample().san.san
        }
    }

    impl Sample for Squares {
        fn sample() -> Self {
            Squares(vec![Square::E4, Square::D5])
        }
    }

    impl<T: Sample> Sample for List<T> {
        fn sample() -> Self {
            List(vec![T::sample(), T::sample()])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Sample;

    #[test]
    fn a_move_is_said_as_the_learner_reads_moves() {
        let said = Said::sample();
        let with = |spell| Said {
            spell,
            ..said.clone()
        };
        assert_eq!(with(Spell::San).to(Lang::Zh), "Nf3");
        assert_eq!(with(Spell::Words).to(Lang::Zh), "马f3");
        assert_eq!(with(Spell::Both).to(Lang::Zh), "Nf3（马f3）");
        assert_eq!(with(Spell::Both).to(Lang::ZhHant), "Nf3（馬f3）");
        assert_eq!(with(Spell::Words).to(Lang::En), "Nf3");
    }

    #[test]
    fn a_list_is_joined_as_the_language_joins() {
        let squares = List(vec![shakmaty::Square::E4, shakmaty::Square::D5]);
        assert_eq!(text(&squares, Lang::En), "e4, d5");
        assert_eq!(text(&squares, Lang::Zh), "e4，d5");
        assert_eq!(text(&Delta(0), Lang::En), "+0");
    }
}
