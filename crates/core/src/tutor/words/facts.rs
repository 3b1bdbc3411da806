//! The facts the tutor's own sentences name, as typed [`Say`] fields: each becomes its message
//! argument through [`Arg`], worded in the language of the sentence. The chess types the
//! referee shares (a square, a piece, a rule) are worded in `rules::text`; here are the ones
//! the tutor words its own way: a side (`White`, `白`), a move as the learner reads moves, a
//! list, a change of points, a level on the ladder.

use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::super::ladder;
use super::{Say, aside, either, language_name, list};
use crate::content::Text;
use crate::i18n::fluent::FluentValue;
use crate::i18n::{Arg, Lang};
use crate::rules::{self, RuleCode, notation};

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
        FluentValue::from(language_name(*self))
    }
}

/// A sentence of the tutor's inside another (`the king on e8` in `the king on e8 is in
/// check`), worded in the same language.
impl Arg for Say {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.to(lang))
    }
}

impl Arg for Box<Say> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        self.as_ref().value(lang)
    }
}

/// A sentence that may be missing (a defence when there is none): nothing then.
impl Arg for Option<Box<Say>> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        self.as_ref()
            .map_or_else(|| FluentValue::from(""), |say| say.value(lang))
    }
}

/// Sentences one a line (a line of play, a move a line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Lines(pub Vec<Say>);

impl Arg for Lines {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let said: Vec<String> = self.0.iter().map(|say| say.to(lang)).collect();
        FluentValue::from(said.join("\n"))
    }
}

/// Sentences in a row, as the language writes them: a space between them in English, none
/// after Chinese punctuation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sentences(pub Vec<Say>);

impl Sentences {
    /// The words in `lang`.
    #[must_use]
    pub(crate) fn to(&self, lang: Lang) -> String {
        let said: Vec<String> = self.0.iter().map(|say| say.to(lang)).collect();
        said.join(if lang == Lang::En { " " } else { "" })
    }
}

impl Arg for Sentences {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.to(lang))
    }
}

/// Whose move it is (`White to move`, `白方走`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ToMove(pub Color);

impl ToMove {
    /// The words in `lang`.
    #[must_use]
    pub(crate) fn to(self, lang: Lang) -> String {
        match self.0 {
            Color::White => Say::WhiteToMove.to(lang),
            Color::Black => Say::BlackToMove.to(lang),
        }
    }
}

impl Arg for ToMove {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.to(lang))
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

impl LadderLevel {
    /// The words in `lang`.
    #[must_use]
    pub(crate) fn to(self, lang: Lang) -> String {
        if self.rated_games == 0 {
            Say::Unranked.to(lang)
        } else {
            Say::Level {
                level: ladder::level(self.points),
            }
            .to(lang)
        }
    }
}

impl Arg for LadderLevel {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.to(lang))
    }
}

/// A move, legal in the position it was made in, as the learner reads moves (see [`Spell`]):
/// `Rxg2#`, `车吃g2`, `Rxg2#（车吃g2）`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Said {
    /// None for a move known only as it was written down (see [`Said::written`]).
    mv: Option<Move>,
    san: SanPlus,
    spell: Spell,
}

impl Said {
    /// `mv`, legal in `pos`, said the way `spell` says.
    #[must_use]
    pub(crate) fn new(pos: &Chess, mv: Move, spell: Spell) -> Said {
        Said {
            mv: Some(mv),
            san: SanPlus::from_move(pos.clone(), mv),
            spell,
        }
    }

    /// A move as it was written down in SAN (the move made with a claim, kept in the game's
    /// ending), said in SAN; none if `written` is no SAN.
    #[must_use]
    pub(crate) fn written(written: &str) -> Option<Said> {
        let san = SanPlus::from_ascii(written.as_bytes()).ok()?;
        Some(Said {
            mv: None,
            san,
            spell: Spell::San,
        })
    }

    /// `mv`, legal in `pos`, in SAN (`Nf3`).
    #[must_use]
    pub(crate) fn san(pos: &Chess, mv: Move) -> Said {
        Said::new(pos, mv, Spell::San)
    }

    /// The words in `lang`.
    #[must_use]
    pub(crate) fn to(&self, lang: Lang) -> String {
        let Some(mv) = self.mv else {
            return self.san.to_string();
        };
        let words = || in_words_of(mv, &self.san.san, lang);
        match self.spell {
            Spell::San => self.san.to_string(),
            Spell::Words => words(),
            Spell::Both => format!("{}{}", self.san, aside(lang, &words())),
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
        FluentValue::from(list(lang, &items))
    }
}

/// A move shown as an example of how to write one: as the learner of the language may type
/// it, or in squares (`车e4 或 a4e4`, `Re4 or a4e4`), once when both are the same (`e4`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Example(Said);

impl Example {
    /// `mv`, legal in `pos`.
    #[must_use]
    pub(crate) fn new(pos: &Chess, mv: Move) -> Example {
        Example(Said::new(pos, mv, Spell::Words))
    }
}

impl Arg for Example {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let words = self.0.to(lang);
        let Some(mv) = self.0.mv else {
            return FluentValue::from(words);
        };
        let squares = notation::uci(mv).to_string();
        if words == squares {
            return FluentValue::from(words);
        }
        FluentValue::from(either(lang, &[words, squares]))
    }
}

/// A move with its number, as a game's record writes it (`12. Nf3`, `12… Nc6`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Numbered {
    pub number: u32,
    /// The side that played it (`.` after White's number, `…` after Black's).
    pub side: Color,
    pub said: Said,
}

impl Arg for Numbered {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let dots = if self.side == Color::White {
            "."
        } else {
            "…"
        };
        FluentValue::from(format!("{}{dots} {}", self.number, self.said.to(lang)))
    }
}

/// Where a repeated position stood in a game: at the start, or after a move (`after 12.
/// Nf3`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Stood {
    AtTheStart,
    /// After the move; none if the record does not have it.
    After(Option<Numbered>),
}

impl Arg for Stood {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(match self {
            Stood::AtTheStart => Say::AtTheStart.to(lang),
            Stood::After(said) => Say::AfterMove { said: said.clone() }.to(lang),
        })
    }
}

/// A text the content may not have (a quiz's question no longer in the catalogue): nothing
/// then.
impl Arg for Option<Text> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        self.as_ref()
            .map_or_else(|| FluentValue::from(""), |text| text.value(lang))
    }
}

/// A numbered move the record may not have: nothing then.
impl Arg for Option<Numbered> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        self.as_ref()
            .map_or_else(|| FluentValue::from(""), |numbered| numbered.value(lang))
    }
}

/// What a level of the tutor plays like (`plays like a beginner`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LevelAbout(pub u32);

impl Arg for LevelAbout {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(Say::LevelAbout { level: self.0 }.to(lang))
    }
}

/// The side named in a mate step's sentences (`White`, `白方`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MateSide(pub Color);

impl Arg for MateSide {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(
            Say::MateSide {
                white: IsWhite(self.0),
            }
            .to(lang),
        )
    }
}

/// A rule by its name in the language (`a pinned piece`), not its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RuleName(pub RuleCode);

impl Arg for RuleName {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(
            Say::RuleName {
                code: self.0.clone(),
            }
            .to(lang),
        )
    }
}

/// A rule's name and how many times it was broken (`a pinned piece ×3`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RuleTimes(pub RuleCode, pub u32);

impl Arg for RuleTimes {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let rule = Say::RuleName {
            code: self.0.clone(),
        }
        .to(lang);
        FluentValue::from(format!("{rule} ×{}", self.1))
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

/// `mv` as a learner of `lang` may type it: with the piece's name in Chinese (`车e4`, `兵吃e5`,
/// `e8后`, `O-O`), in SAN in English (`Re4`).
#[must_use]
pub(crate) fn in_words(pos: &Chess, mv: Move, lang: Lang) -> String {
    in_words_of(mv, &shakmaty::san::San::from_move(pos, mv), lang)
}

/// [`in_words`], with the move's SAN (without check marks) already known.
#[must_use]
pub(crate) fn in_words_of(mv: Move, san: &shakmaty::san::San, lang: Lang) -> String {
    if lang == Lang::En {
        return san.to_string();
    }
    let name = |role| rules::text::piece_name(role, lang);
    match mv {
        Move::Castle { .. } => san.to_string(),
        Move::Normal {
            role: Role::Pawn,
            to,
            promotion,
            capture,
            ..
        } => {
            let mut s = if capture.is_some() {
                format!("{}吃{to}", name(Role::Pawn))
            } else {
                to.to_string()
            };
            if let Some(p) = promotion {
                s.push_str(&name(p));
            }
            s
        }
        Move::EnPassant { to, .. } => format!("{}吃{to}", name(Role::Pawn)),
        Move::Normal {
            role,
            from,
            to,
            capture,
            ..
        } => {
            // Told apart by its square when another piece of its kind could go there too.
            let from = if san.to_string().len() > 3 + usize::from(capture.is_some()) {
                from.to_string()
            } else {
                String::new()
            };
            let take = if capture.is_some() { "吃" } else { "" };
            format!("{}{from}{take}{to}", name(role))
        }
        Move::Put { .. } => san.to_string(),
    }
}

/// How a move is said to a learner in a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spell {
    /// In SAN (`Rxg2#`): in English, where the piece letters are the piece words' first
    /// letters.
    San,
    /// In Chinese, before the notation unit: the piece's name and the square, as the learner
    /// types it (`车吃g2`).
    Words,
    /// In Chinese, after the notation unit: SAN with the words beside it (`Rxg2#（车吃g2）`).
    Both,
}

#[cfg(test)]
mod samples {
    use super::*;
    use crate::i18n::Sample;

    impl Sample for Say {
        fn sample() -> Self {
            Say::Right
        }
    }

    impl Sample for Box<Say> {
        fn sample() -> Self {
            Box::new(Say::Right)
        }
    }

    impl Sample for Option<Box<Say>> {
        fn sample() -> Self {
            Some(Box::new(Say::Right))
        }
    }

    impl Sample for Lines {
        fn sample() -> Self {
            Lines(vec![Say::Right, Say::WhyMateNoHelp])
        }
    }

    impl Sample for Sentences {
        fn sample() -> Self {
            Sentences(vec![Say::Right, Say::WhyMateNoHelp])
        }
    }

    impl Sample for Option<Text> {
        fn sample() -> Self {
            Some(Text::sample())
        }
    }

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

    impl Sample for Example {
        fn sample() -> Self {
            Example(Said::sample())
        }
    }

    impl Sample for Numbered {
        fn sample() -> Self {
            Numbered {
                number: 12,
                side: Color::Black,
                said: Said::sample(),
            }
        }
    }

    impl Sample for Option<Numbered> {
        fn sample() -> Self {
            Some(Numbered::sample())
        }
    }

    impl Sample for Stood {
        fn sample() -> Self {
            Stood::After(Some(Numbered::sample()))
        }
    }

    impl Sample for LevelAbout {
        fn sample() -> Self {
            LevelAbout(3)
        }
    }

    impl Sample for MateSide {
        fn sample() -> Self {
            MateSide(Color::Black)
        }
    }

    impl Sample for RuleName {
        fn sample() -> Self {
            RuleName(RuleCode::sample())
        }
    }

    impl Sample for RuleTimes {
        fn sample() -> Self {
            RuleTimes(RuleCode::sample(), 3)
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
        let level = |points, rated_games| LadderLevel {
            points,
            rated_games,
        };
        assert_eq!(level(0, 0).to(Lang::Zh), "无级别");
        assert_eq!(level(250, 3).to(Lang::Zh), "28级");
    }
}
