//! The referee's sentences as values: which sentence applies is decided here, once, for every
//! language; the words are in `locales/<lang>/rules.ftl`.
//!
//! A [`Sentence`] is declared with [`crate::messages!`], like every message of the core: it
//! carries the facts a sentence names as typed fields (squares, pieces, sides, lists of
//! pieces). When it is worded, each field becomes the Fluent argument of the same name through
//! [`i18n::Arg`], implemented here for the chess types: a square or a move as it is written
//! (`e4`, `Nf3`), a piece, a side or a list worded first by the phrases of the same catalogue
//! (`the rook on e8`, `e8的车`).

use std::sync::LazyLock;

use shakmaty::{Board, CastlingSide, Chess, Color, Position, Rank, Role, Square};

use crate::i18n::fluent::FluentValue;
use crate::i18n::{self, Arg, Flat, Lang, hant};
use crate::rules::effects::{Effect, MoveInfo};
use crate::rules::reason::{IllegalReason, RightLost};

/// A square as it is written (`e4`).
impl Arg for Square {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(square_name(*self))
    }
}

/// A square's name (`e4`), without an allocation.
fn square_name(square: Square) -> &'static str {
    const NAMES: [&str; 64] = [
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2",
        "h2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4",
        "g4", "h4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6",
        "f6", "g6", "h6", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8",
        "e8", "f8", "g8", "h8",
    ];
    NAMES[usize::from(square)]
}

impl Arg for Rank {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(self.char().to_string())
    }
}

/// A piece by its kind, or a piece of no known kind (`piece`, `棋子`).
impl Arg for Option<Role> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(piece_name(*self, lang))
    }
}

/// A piece's name in the language (`车`, `車`, `rook`).
impl Arg for Role {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        Some(*self).value(lang)
    }
}

/// A side in the language (`White`, `白方`).
impl Arg for Color {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(phrases(lang).side[usize::from(self.is_black())].as_str())
    }
}

/// A castling in the language (`castle short (O-O)`).
impl Arg for CastlingSide {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let index = usize::from(*self == CastlingSide::QueenSide);
        FluentValue::from(phrases(lang).castling[index].as_str())
    }
}

/// The phrases every sentence may use, worded once per language: the sides, the castlings,
/// the piece names and the list words.
struct Phrases {
    side: [String; 2],
    castling: [String; 2],
    /// By `Role as usize`; 0 is a piece of no known kind.
    pieces: [String; 7],
    comma: String,
    and: String,
    or: String,
}

fn phrases(lang: Lang) -> &'static Phrases {
    static PHRASES: LazyLock<Vec<Phrases>> = LazyLock::new(|| {
        i18n::LANGS
            .iter()
            .map(|&lang| {
                let word = |id: &'static str, arg: &'static str, value: &'static str| {
                    i18n::tr(lang, &Flat::new(id).with(arg, value))
                };
                Phrases {
                    side: [
                        word("side", "color", "white"),
                        word("side", "color", "black"),
                    ],
                    castling: [
                        word("castling", "side", "short"),
                        word("castling", "side", "long"),
                    ],
                    pieces: ["other", "pawn", "knight", "bishop", "rook", "queen", "king"]
                        .map(|role| word("piece", "role", role)),
                    comma: i18n::tr(lang, &Flat::new("list-comma")),
                    and: i18n::tr(lang, &Flat::new("list-and")),
                    or: i18n::tr(lang, &Flat::new("list-or")),
                }
            })
            .collect()
    });
    let index = i18n::LANGS.iter().position(|l| *l == lang).unwrap_or(0);
    &PHRASES[index]
}

/// What the learner typed, shown back to them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Typed(pub String);

impl Arg for Typed {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        // Shown in the script of the sentence around it, and never with characters that
        // would turn the sentence around or drive a terminal.
        let shown = displayable(&self.0);
        let text = match lang {
            Lang::ZhHant => hant::to_traditional(&shown),
            Lang::Zh | Lang::En => shown,
        };
        FluentValue::from(text)
    }
}

/// `text` without the characters that must never be echoed back to a learner: control
/// characters (a terminal's escape sequences, a carriage return) and the invisible ones that
/// reorder text (right-to-left overrides and isolates, direction marks).
///
/// ```
/// use chess_tutor_core::rules::text::displayable;
/// assert_eq!(displayable("e4\u{202E}4e\u{1b}[2J"), "e44e[2J");
/// assert_eq!(displayable("马f3"), "马f3");
/// ```
#[must_use]
pub fn displayable(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            !(c.is_control()
                || matches!(
                    c,
                    '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
                ))
        })
        .collect()
}

/// What stands on a square: a piece (`the rook on e8`), or nothing (`the square e8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnSquare {
    /// A piece of this kind on the square.
    Piece(Role, Square),
    /// An empty square.
    Empty(Square),
}

impl OnSquare {
    /// What stands on `square` of `board`.
    #[must_use]
    pub fn of(board: &Board, square: Square) -> OnSquare {
        board
            .role_at(square)
            .map_or(OnSquare::Empty(square), |role| {
                OnSquare::Piece(role, square)
            })
    }

    fn words(self, lang: Lang) -> String {
        match self {
            OnSquare::Piece(role, square) => Flat::new("piece-on-square")
                .with("piece", piece_name(Some(role), lang))
                .with("square", square_name(square)),
            OnSquare::Empty(square) => {
                Flat::new("empty-square").with("square", square_name(square))
            }
        }
        .to(lang)
    }
}

impl Arg for OnSquare {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.words(lang))
    }
}

/// Items joined as `a, b and c` (`list-comma`, `list-and`), or `a, or b` with `list-or`.
fn list(lang: Lang, mut items: Vec<String>, last: &'static str) -> String {
    let words = phrases(lang);
    let (comma, last) = if last == "list-or" {
        (words.or.as_str(), words.or.as_str())
    } else {
        (words.comma.as_str(), words.and.as_str())
    };
    match items.len() {
        0 => String::new(),
        1 => items.swap_remove(0),
        _ => {
            let end = items.pop().unwrap_or_default();
            format!("{}{last}{end}", items.join(comma))
        }
    }
}

/// A list's words (`a, b and c`), with the plural of the words around it: a list sets its
/// argument and `<name>_count`.
fn set_list(name: &'static str, words: String, count: usize, flat: &mut Flat) {
    flat.push(name, words);
    flat.push(format!("{name}_count"), count);
}

/// Pieces or squares named, as a list (`the king on e8 and the square e5`).
impl Arg for Vec<OnSquare> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(on_squares(self, lang))
    }

    fn set(&self, name: &'static str, lang: Lang, flat: &mut Flat) {
        set_list(name, on_squares(self, lang), self.len(), flat);
    }
}

fn on_squares(items: &[OnSquare], lang: Lang) -> String {
    list(
        lang,
        items.iter().map(|on| on.words(lang)).collect(),
        "list-and",
    )
}

/// Squares as a list (`e8 and d6`).
impl Arg for Vec<Square> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(squares(self, lang))
    }

    fn set(&self, name: &'static str, lang: Lang, flat: &mut Flat) {
        set_list(name, squares(self, lang), self.len(), flat);
    }
}

fn squares(items: &[Square], lang: Lang) -> String {
    let names = items.iter().map(|sq| square_name(*sq).to_owned()).collect();
    list(lang, names, "list-and")
}

/// The move that lost a castling right, when the game shows it (`Ke2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LostWith(pub Option<String>);

impl LostWith {
    fn of(lost: Option<&RightLost>) -> LostWith {
        LostWith(match lost {
            Some(RightLost::ByMove { san, .. }) => Some(san.clone()),
            _ => None,
        })
    }
}

impl Arg for LostWith {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let words = self.0.as_ref().map_or_else(String::new, |san| {
            Flat::new("right-lost-with")
                .with("san", san.clone())
                .to(lang)
        });
        FluentValue::from(words)
    }
}

/// One move a learner may have meant: the piece, where it stands, where it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The piece.
    pub piece: Role,
    /// Where it stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Choice {
    fn flat(self, id: &'static str, lang: Lang) -> Flat {
        Flat::new(id)
            .with("piece", piece_name(Some(self.piece), lang))
            .with("from", square_name(self.from))
            .with("to", square_name(self.to))
    }
}

impl Arg for Vec<Choice> {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let items = self
            .iter()
            .map(|c| c.flat("move-choice", lang).to(lang))
            .collect();
        FluentValue::from(list(lang, items, "list-or"))
    }
}

/// How to write one of several moves so that it is clear: `ambiguous-example` (from, to) or
/// `which-move-example` (piece, from, to); nothing when there is no move to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    id: &'static str,
    choice: Option<Choice>,
}

impl Arg for Example {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let words = self
            .choice
            .map_or_else(String::new, |c| c.flat(self.id, lang).to(lang));
        FluentValue::from(words)
    }
}

/// What a legal move itself does, as a clause (`the rook goes from a1 to a4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveClause {
    /// Castling short.
    CastleShort,
    /// Castling long.
    CastleLong,
    /// A piece from one square to another.
    Piece(Choice),
}

impl Arg for MoveClause {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let words = match self {
            MoveClause::CastleShort => Flat::new("move-castle-short").to(lang),
            MoveClause::CastleLong => Flat::new("move-castle-long").to(lang),
            MoveClause::Piece(c) => c.flat("move-piece", lang).to(lang),
        };
        FluentValue::from(words)
    }
}

/// For a pawn trying to step sideways onto an enemy pawn beside it: the square behind that
/// pawn, where an en passant capture would land (whether or not it is allowed right now), when
/// the pawns stand where a double step can have put them side by side.
fn en_passant_landing(board: &Board, from: Square, to: Square) -> Option<Square> {
    let mover = board.color_at(from)?;
    let beside = board.piece_at(to)?;
    // Only a pawn on its fifth rank can meet a pawn that has just stepped two squares.
    let fifth = mover.fold_wb(shakmaty::Rank::Fifth, shakmaty::Rank::Fourth);
    (beside == (!mover).pawn()
        && from.rank() == fifth
        && to.rank() == fifth
        && from.distance(to) == 1)
        .then(|| to.offset(mover.fold_wb(8, -8)))
        .flatten()
}

/// Some value of each field type, for the test that words every sentence in every language.
#[cfg(test)]
mod sample {
    use super::*;
    use crate::i18n::Sample;

    impl Sample for Square {
        fn sample() -> Self {
            Square::E4
        }
    }

    impl Sample for Rank {
        fn sample() -> Self {
            Rank::First
        }
    }

    impl Sample for Option<Role> {
        fn sample() -> Self {
            None
        }
    }

    impl Sample for Role {
        fn sample() -> Self {
            Role::Knight
        }
    }

    impl Sample for Color {
        fn sample() -> Self {
            Color::White
        }
    }

    impl Sample for CastlingSide {
        fn sample() -> Self {
            CastlingSide::KingSide
        }
    }

    impl Sample for Typed {
        fn sample() -> Self {
            Typed("e9".to_owned())
        }
    }

    impl Sample for OnSquare {
        fn sample() -> Self {
            OnSquare::Piece(Role::Rook, Square::E8)
        }
    }

    impl Sample for Vec<OnSquare> {
        fn sample() -> Self {
            vec![
                OnSquare::Piece(Role::Rook, Square::E8),
                OnSquare::Empty(Square::D6),
            ]
        }
    }

    impl Sample for Vec<Square> {
        fn sample() -> Self {
            vec![Square::E8, Square::D6]
        }
    }

    impl Sample for LostWith {
        fn sample() -> Self {
            LostWith(Some("Ke2".to_owned()))
        }
    }

    impl Sample for Vec<Choice> {
        fn sample() -> Self {
            vec![Choice {
                piece: Role::Rook,
                from: Square::A1,
                to: Square::A4,
            }]
        }
    }

    impl Sample for Example {
        fn sample() -> Self {
            Example {
                id: "which-move-example",
                choice: Some(Choice {
                    piece: Role::Knight,
                    from: Square::B1,
                    to: Square::C3,
                }),
            }
        }
    }

    impl Sample for MoveClause {
        fn sample() -> Self {
            MoveClause::Piece(Choice {
                piece: Role::Knight,
                from: Square::B1,
                to: Square::C3,
            })
        }
    }
}

/// A piece's name in `lang`; `None` is a piece of no known kind.
fn piece_name(role: Option<Role>, lang: Lang) -> &'static str {
    // Worded once per language and kind: every sentence names pieces, often several.
    phrases(lang).pieces[role.map_or(0, |r| r as usize)].as_str()
}

/// The words of a piece in `lang` (`车`, `車`, `rook`).
#[must_use]
pub fn piece(role: Role, lang: Lang) -> String {
    piece_name(Some(role), lang).to_owned()
}

crate::messages! {
    /// One sentence of the referee, decided but not yet worded. Each variant is one message of
    /// `rules.ftl`, its fields that message's arguments.
    pub enum Sentence {
        /// A move that starts from an empty square.
        NoPieceOn { from: Square } = "no-piece-on",
        /// The piece named is not the one on the square named (`Ne2e4` with a pawn on e2).
        NotThatPieceOn { piece: Role, from: Square, occupant: Role } = "not-that-piece-on",
        /// No piece of this kind (or none at all) can go to the square.
        NoPieceTo { piece: Option<Role>, to: Square } = "no-piece-to",
        /// The piece belongs to the side not to move.
        NotYourPiece { piece: Role, from: Square, owner: Color, mover: Color } = "not-your-piece",
        /// The target holds a piece of one's own.
        OwnPieceOnTarget { piece: Role, to: Square, occupant: Role } = "own-piece-on-target",
        /// A pawn's double step through a piece.
        PawnCannotJump { blocker: OnSquare } = "pawn-cannot-jump",
        /// A piece on the line between the squares.
        PathBlocked { piece: Role, from: Square, to: Square, blocker: OnSquare } = "path-blocked",
        /// A pawn trying to take straight ahead.
        PawnForwardCapture { from: Square, to: Square, occupant: Option<Role> } = "pawn-forward-capture",
        /// A pawn's two-square step onto an occupied square, the square in between empty: the
        /// pawn cannot go two squares, and nothing is said of the one-square step (it may be
        /// illegal for another reason, a pin or a check).
        PawnDoubleStepLandingBlocked {
            from: Square,
            to: Square,
            middle: Square,
            occupant: Option<Role>,
        } = "pawn-double-step-landing-blocked",
        /// A pawn stepping diagonally onto an empty square.
        PawnDiagonalNoCapture { from: Square, to: Square } = "pawn-diagonal-no-capture",
        /// A double step by a pawn that has moved.
        PawnDoubleStepNotFromStart { from: Square } = "pawn-double-step-not-from-start",
        /// An en passant capture one move too late.
        EnPassantExpired { from: Square, pawn: Square } = "en-passant-expired",
        /// A pawn on the last rank without the piece it becomes.
        PromotionPieceMissing { to: Square } = "promotion-piece-missing",
        /// A promotion to a king or a pawn.
        PromotionInvalidPiece { chosen: Role } = "promotion-invalid-piece",
        /// A pawn promoting short of the last rank.
        PromotionNotOnLastRank { to: Square } = "promotion-not-on-last-rank",
        /// Another piece than a pawn promoting.
        PromotionNotAPawn { piece: Role } = "promotion-not-a-pawn",
        /// The king taking a protected piece.
        KingTakesProtected { target: OnSquare, defenders: Vec<OnSquare> } = "king-takes-protected",
        /// The king stepping onto an attacked square.
        KingIntoCheck { to: Square, attackers: Vec<OnSquare> } = "king-into-check",
        /// The same, and one of the attackers is the other king.
        KingIntoCheckByKing { to: Square, attackers: Vec<OnSquare> } = "king-into-check-by-king",
        /// A pinned piece leaving the line to its king.
        Pinned { piece: Role, from: Square, pinner: OnSquare, king: Square } = "pinned",
        /// An en passant capture that clears the king's rank.
        EnPassantOpensRank {
            from: Square,
            captured: Square,
            rank: Rank,
            attacker: OnSquare,
            king: Square,
        } = "en-passant-opens-rank",
        /// An en passant capture that takes away the pawn shielding the king on a diagonal.
        EnPassantOpensDiagonal {
            from: Square,
            captured: Square,
            attacker: OnSquare,
            king: Square,
        } = "en-passant-opens-diagonal",
        /// A move that leaves a knight's, a pawn's or a contact check standing.
        StillInCheckUnblockable { king: Square, checker: OnSquare } = "still-in-check-unblockable",
        /// A move that leaves a check from afar standing.
        StillInCheckBlockable { king: Square, checker: OnSquare } = "still-in-check-blockable",
        /// Anything but a king move in double check.
        DoubleCheck { king: Square, checkers: Vec<OnSquare> } = "double-check",
        /// Castling with a king off its starting square.
        CastlingKingMoved {
            castling: CastlingSide,
            king: Square,
            home: Square,
            lost: LostWith,
        } = "castling-king-moved",
        /// Castling with a rook that has left its corner.
        CastlingRookMoved { castling: CastlingSide, rook: Square, lost: LostWith } = "castling-rook-moved",
        /// Castling without the right, the pieces at home (the position says so).
        CastlingRightLostEarlier { castling: CastlingSide, rook: Square } = "castling-right-lost-earlier",
        /// Castling without the right, lost by a move of this game.
        CastlingRightLostByMove {
            castling: CastlingSide,
            rook: Square,
            lost: LostWith,
        } = "castling-right-lost-by-move",
        /// Pieces between the king and the rook.
        CastlingPiecesBetween { castling: CastlingSide, blockers: Vec<OnSquare> } = "castling-pieces-between",
        /// Castling out of check.
        CastlingInCheck { castling: CastlingSide, attackers: Vec<OnSquare> } = "castling-in-check",
        /// Castling across an attacked square.
        CastlingThroughCheck {
            castling: CastlingSide,
            square: Square,
            attackers: Vec<OnSquare>,
        } = "castling-through-check",
        /// Castling onto an attacked square.
        CastlingIntoCheck {
            castling: CastlingSide,
            square: Square,
            attackers: Vec<OnSquare>,
        } = "castling-into-check",
        /// A move after checkmate.
        GameOverCheckmate { side: Color } = "game-over-checkmate",
        /// A move after stalemate.
        GameOverStalemate { side: Color } = "game-over-stalemate",
        /// A knight's move that is not an L.
        KnightShape { from: Square, to: Square } = "knight-shape",
        /// A bishop's move off the diagonals.
        BishopShape { from: Square, to: Square } = "bishop-shape",
        /// A rook's move off the lines.
        RookShape { from: Square, to: Square } = "rook-shape",
        /// A queen's move off the lines and diagonals.
        QueenShape { from: Square, to: Square } = "queen-shape",
        /// A king's two-square step away from its starting square.
        KingTwoSquares { from: Square } = "king-two-squares",
        /// A king's move of more than one square.
        KingTooFar { from: Square, to: Square } = "king-too-far",
        /// A move to the square it starts from.
        SameSquare = "same-square",
        /// A pawn stepping back.
        PawnBackwards { from: Square, to: Square } = "pawn-backwards",
        /// A pawn stepping along the rank.
        PawnSideways { from: Square, to: Square } = "pawn-sideways",
        /// The same onto an enemy pawn that may just have double-stepped beside it.
        PawnSidewaysEnPassant { from: Square, to: Square, behind: Square } = "pawn-sideways-en-passant",
        /// A pawn going too far ahead.
        PawnTooFar { from: Square, to: Square } = "pawn-too-far",
        /// Any other pawn move.
        PawnWrongShape { from: Square, to: Square } = "pawn-wrong-shape",
        /// A legal move and what it does.
        Legal { san: String, what: MoveClause } = "legal",
        /// A legal move that is neither castling nor from a square.
        LegalPlain { san: String } = "legal-plain",
        /// Castling short, said without notation.
        MovedCastleShort = "moved-castle-short",
        /// Castling long, said without notation.
        MovedCastleLong = "moved-castle-long",
        /// A piece's move, said without notation.
        MovedPiece { piece: Role, from: Square, to: Square } = "moved-piece",
        /// The move takes a piece.
        Captures { victim: Option<Role>, square: Square } = "captures",
        /// The move takes a pawn en passant.
        CapturesEnPassant { pawn: Square } = "captures-en-passant",
        /// The pawn becomes a piece.
        Promotes { piece: Role } = "promotes",
        /// The move gives check.
        GivesCheck = "gives-check",
        /// The move gives double check.
        GivesDoubleCheck = "gives-double-check",
        /// The move mates.
        GivesCheckmate = "gives-checkmate",
        /// The move stalemates `side`.
        GivesStalemate { side: Color } = "gives-stalemate",
        /// Neither side can mate any more.
        GivesInsufficientMaterial = "gives-insufficient-material",
        /// Several pieces of one kind can go to the square.
        Ambiguous { piece: Role, froms: Vec<Square>, to: Square, example: Example } = "ambiguous",
        /// The input fits moves of different pieces or to different squares.
        WhichMove { moves: Vec<Choice>, example: Example } = "which-move",
        /// Both castlings are possible.
        WhichCastling = "which-castling",
        /// The input is not a move.
        Unreadable { input: Typed } = "unreadable",
        /// A FEN that is not six fields a position reads from.
        FenNotWhole = "fen-not-whole",
        /// A FEN that reads, of a position that cannot happen.
        FenImpossible = "fen-impossible",
        /// A game's ending, as its PGN comment says it.
        PgnCheckmate { winner: Color } = "pgn-checkmate",
        /// The same: stalemate.
        PgnStalemate { stalemated: Color } = "pgn-stalemate",
        /// The same: a dead position.
        PgnDeadPosition = "pgn-dead-position",
        /// The same: fivefold repetition.
        PgnFivefold { plies: String } = "pgn-fivefold",
        /// The same: seventy-five moves.
        PgnSeventyFive = "pgn-seventy-five",
        /// The same: threefold repetition claimed.
        PgnThreefold { claimant: Color, plies: String } = "pgn-threefold",
        /// The same: the fifty-move rule claimed.
        PgnFifty { claimant: Color } = "pgn-fifty",
        /// The same: agreement.
        PgnAgreement = "pgn-agreement",
        /// The same: resignation.
        PgnResignation { loser: Color } = "pgn-resignation",
        /// The same: a game abandoned.
        PgnAbandoned { loser: Color } = "pgn-abandoned",
    }
}

/// The sentences in `lang`, one after the other (each carries its own spacing).
#[must_use]
pub fn words(sentences: &[Sentence], lang: Lang) -> String {
    sentences.iter().map(|s| s.to(lang)).collect()
}

fn on_all(board: &Board, squares: &[Square]) -> Vec<OnSquare> {
    squares.iter().map(|sq| OnSquare::of(board, *sq)).collect()
}

/// The sentence for a refused move; `board` is the position it was tried in.
#[must_use]
#[allow(clippy::too_many_lines)]
pub fn for_reason(reason: &IllegalReason, board: &Board) -> Sentence {
    use IllegalReason as R;
    use Sentence as S;
    match reason {
        R::NoPiece {
            from: Some(from),
            piece: Some(piece),
            ..
        } if board.piece_at(*from).is_some_and(|p| p.role != *piece) => S::NotThatPieceOn {
            piece: *piece,
            from: *from,
            occupant: board.role_at(*from).unwrap_or(Role::Pawn),
        },
        R::NoPiece {
            from: Some(from), ..
        } => S::NoPieceOn { from: *from },
        R::NoPiece {
            from: None,
            piece,
            to,
        } => S::NoPieceTo {
            piece: *piece,
            to: *to,
        },
        R::NotYourPiece {
            from, piece, owner, ..
        } => S::NotYourPiece {
            piece: *piece,
            from: *from,
            owner: *owner,
            mover: !*owner,
        },
        R::OwnPieceOnTarget {
            piece,
            to,
            occupant,
            ..
        } => S::OwnPieceOnTarget {
            piece: *piece,
            to: *to,
            occupant: *occupant,
        },
        R::WrongMovement { piece, from, to } => wrong_movement(*piece, *from, *to, board),
        R::PathBlocked {
            piece: Role::Pawn,
            blocker,
            ..
        } => S::PawnCannotJump {
            blocker: OnSquare::of(board, *blocker),
        },
        R::PathBlocked {
            piece,
            from,
            to,
            blocker,
        } => S::PathBlocked {
            piece: *piece,
            from: *from,
            to: *to,
            blocker: OnSquare::of(board, *blocker),
        },
        R::PawnForwardCapture { from, to } if from.distance(*to) == 2 => {
            S::PawnDoubleStepLandingBlocked {
                from: *from,
                to: *to,
                middle: from
                    .offset(if to.rank() > from.rank() { 8 } else { -8 })
                    .unwrap_or(*to),
                occupant: board.role_at(*to),
            }
        }
        R::PawnForwardCapture { from, to } => S::PawnForwardCapture {
            from: *from,
            to: *to,
            occupant: board.role_at(*to),
        },
        R::PawnDiagonalNoCapture { from, to } => S::PawnDiagonalNoCapture {
            from: *from,
            to: *to,
        },
        R::PawnDoubleStepNotFromStart { from, .. } => S::PawnDoubleStepNotFromStart { from: *from },
        R::EnPassantExpired { from, pawn, .. } => S::EnPassantExpired {
            from: *from,
            pawn: *pawn,
        },
        R::PromotionPieceMissing { to, .. } => S::PromotionPieceMissing { to: *to },
        R::PromotionInvalidPiece { chosen, .. } => S::PromotionInvalidPiece { chosen: *chosen },
        R::PromotionNotAllowed {
            piece: Role::Pawn,
            to,
            ..
        } => S::PromotionNotOnLastRank { to: *to },
        R::PromotionNotAllowed { piece, .. } => S::PromotionNotAPawn { piece: *piece },
        R::KingIntoCheck {
            from,
            to,
            attackers,
        } if board
            .color_at(*to)
            .is_some_and(|c| Some(c) != board.color_at(*from)) =>
        {
            S::KingTakesProtected {
                target: OnSquare::of(board, *to),
                defenders: on_all(board, attackers),
            }
        }
        R::KingIntoCheck { to, attackers, .. } => {
            let to = *to;
            let attackers = on_all(board, attackers);
            if attackers
                .iter()
                .any(|on| matches!(on, OnSquare::Piece(Role::King, _)))
            {
                S::KingIntoCheckByKing { to, attackers }
            } else {
                S::KingIntoCheck { to, attackers }
            }
        }
        R::Pinned {
            piece,
            from,
            pinner,
            king,
            ..
        } => S::Pinned {
            piece: *piece,
            from: *from,
            pinner: OnSquare::of(board, *pinner),
            king: *king,
        },
        R::EnPassantOpensRank {
            from,
            captured,
            attacker,
            king,
            ..
        } => S::EnPassantOpensRank {
            from: *from,
            captured: *captured,
            rank: king.rank(),
            attacker: OnSquare::of(board, *attacker),
            king: *king,
        },
        R::EnPassantOpensDiagonal {
            from,
            captured,
            attacker,
            king,
            ..
        } => S::EnPassantOpensDiagonal {
            from: *from,
            captured: *captured,
            attacker: OnSquare::of(board, *attacker),
            king: *king,
        },
        R::StillInCheck { checkers, king, .. } => {
            let checker = checkers.first().copied().unwrap_or(*king);
            let unblockable = matches!(board.role_at(checker), Some(Role::Knight | Role::Pawn))
                || checker.distance(*king) == 1;
            let (king, checker) = (*king, OnSquare::of(board, checker));
            if unblockable {
                S::StillInCheckUnblockable { king, checker }
            } else {
                S::StillInCheckBlockable { king, checker }
            }
        }
        R::DoubleCheckKingMustMove { checkers, king, .. } => S::DoubleCheck {
            king: *king,
            checkers: on_all(board, checkers),
        },
        R::CastlingKingMoved {
            castling,
            king,
            lost,
        } => S::CastlingKingMoved {
            castling: castling.side,
            king: *king,
            home: castling.king_home(),
            lost: LostWith::of(lost.as_ref()),
        },
        R::CastlingRookMoved { castling, lost } => S::CastlingRookMoved {
            castling: castling.side,
            rook: castling.rook_home(),
            lost: LostWith::of(lost.as_ref()),
        },
        R::CastlingRightLost { castling, lost } => match lost {
            RightLost::KingOrRookMovedEarlier => S::CastlingRightLostEarlier {
                castling: castling.side,
                rook: castling.rook_home(),
            },
            RightLost::ByMove { .. } => S::CastlingRightLostByMove {
                castling: castling.side,
                rook: castling.rook_home(),
                lost: LostWith::of(Some(lost)),
            },
        },
        R::CastlingPiecesBetween { castling, blockers } => S::CastlingPiecesBetween {
            castling: castling.side,
            blockers: on_all(board, blockers),
        },
        R::CastlingInCheck {
            castling,
            attackers,
        } => S::CastlingInCheck {
            castling: castling.side,
            attackers: on_all(board, attackers),
        },
        R::CastlingThroughCheck {
            castling,
            square,
            attackers,
        } => S::CastlingThroughCheck {
            castling: castling.side,
            square: *square,
            attackers: on_all(board, attackers),
        },
        R::CastlingIntoCheck {
            castling,
            square,
            attackers,
        } => S::CastlingIntoCheck {
            castling: castling.side,
            square: *square,
            attackers: on_all(board, attackers),
        },
        R::GameOver {
            checkmate: true,
            side,
        } => S::GameOverCheckmate { side: *side },
        R::GameOver {
            checkmate: false,
            side,
        } => S::GameOverStalemate { side: *side },
    }
}

fn wrong_movement(piece: Role, from: Square, to: Square, board: &Board) -> Sentence {
    use Sentence as S;
    if from == to {
        return S::SameSquare;
    }
    match piece {
        Role::Knight => S::KnightShape { from, to },
        Role::Bishop => S::BishopShape { from, to },
        Role::Rook => S::RookShape { from, to },
        Role::Queen => S::QueenShape { from, to },
        Role::King if from.rank() == to.rank() && from.distance(to) == 2 => {
            S::KingTwoSquares { from }
        }
        Role::King => S::KingTooFar { from, to },
        Role::Pawn => {
            let white = board.color_at(from) != Some(Color::Black);
            let dr = i32::from(to.rank()) - i32::from(from.rank());
            let forward = if white { dr } else { -dr };
            if from == to {
                S::SameSquare
            } else if forward < 0 {
                S::PawnBackwards { from, to }
            } else if forward == 0 {
                match en_passant_landing(board, from, to) {
                    Some(behind) => S::PawnSidewaysEnPassant { from, to, behind },
                    None => S::PawnSideways { from, to },
                }
            } else if from.file() == to.file() {
                S::PawnTooFar { from, to }
            } else {
                S::PawnWrongShape { from, to }
            }
        }
    }
}

/// The move itself as a clause: which piece goes where, or which side castles.
fn clause(info: &MoveInfo) -> Option<MoveClause> {
    let mv = info.mv;
    match (mv.castling_side(), mv.from()) {
        (Some(CastlingSide::KingSide), _) => Some(MoveClause::CastleShort),
        (Some(CastlingSide::QueenSide), _) => Some(MoveClause::CastleLong),
        (None, Some(from)) => Some(MoveClause::Piece(Choice {
            piece: mv.role(),
            from,
            to: mv.to(),
        })),
        (None, None) => None,
    }
}

/// The sentences for a legal move: that it is legal and what it does, then its effects.
#[must_use]
pub fn for_legal(pos: &Chess, info: &MoveInfo) -> Vec<Sentence> {
    let san = info.san.clone();
    let lead = match clause(info) {
        None => Sentence::LegalPlain { san },
        Some(what) => Sentence::Legal { san, what },
    };
    let mut out = vec![lead];
    out.extend(effects(pos, info));
    out
}

/// The sentences for a legal move in words and squares only (no move letters): for a learner
/// who has not met notation yet.
#[must_use]
pub fn for_legal_in_words(pos: &Chess, info: &MoveInfo) -> Vec<Sentence> {
    let lead = clause(info).map(|c| match c {
        MoveClause::CastleShort => Sentence::MovedCastleShort,
        MoveClause::CastleLong => Sentence::MovedCastleLong,
        MoveClause::Piece(Choice { piece, from, to }) => Sentence::MovedPiece { piece, from, to },
    });
    lead.into_iter().chain(effects(pos, info)).collect()
}

fn effects(pos: &Chess, info: &MoveInfo) -> Vec<Sentence> {
    let mv = info.mv;
    info.effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Capture if !info.has(Effect::EnPassant) => Some(Sentence::Captures {
                victim: mv.capture(),
                square: mv.to(),
            }),
            Effect::EnPassant => Some(Sentence::CapturesEnPassant {
                pawn: Square::from_coords(
                    mv.to().file(),
                    mv.from().map_or(mv.to().rank(), Square::rank),
                ),
            }),
            Effect::Promotion => Some(Sentence::Promotes {
                piece: mv.promotion().unwrap_or(Role::Queen),
            }),
            Effect::Check if !info.has(Effect::Checkmate) && !info.has(Effect::DoubleCheck) => {
                Some(Sentence::GivesCheck)
            }
            Effect::DoubleCheck if !info.has(Effect::Checkmate) => Some(Sentence::GivesDoubleCheck),
            Effect::Checkmate => Some(Sentence::GivesCheckmate),
            Effect::Stalemate => Some(Sentence::GivesStalemate { side: !pos.turn() }),
            Effect::DrawInsufficientMaterial => Some(Sentence::GivesInsufficientMaterial),
            _ => None,
        })
        .collect()
}

/// The sentence for an input that several moves of one piece kind to one square match.
#[must_use]
pub fn for_ambiguous(piece: Role, froms: &[Square], to: Square) -> Sentence {
    Sentence::Ambiguous {
        piece,
        froms: froms.to_vec(),
        to,
        example: Example {
            id: "ambiguous-example",
            choice: froms.first().map(|&from| Choice { piece, from, to }),
        },
    }
}

/// The question when the input fits moves of different pieces or to different squares (a
/// bare square, `RxN`): each move, and how to write one so that it is clear.
#[must_use]
pub fn for_which_move(moves: &[Choice]) -> Sentence {
    Sentence::WhichMove {
        moves: moves.to_vec(),
        example: Example {
            id: "which-move-example",
            choice: moves.first().copied(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{LANGS, message_ids};

    #[test]
    fn every_sentence_is_worded_in_every_language() {
        for lang in LANGS {
            for sentence in Sentence::samples() {
                if let Err(e) = sentence.try_to(lang) {
                    panic!("{e}");
                }
            }
        }
    }

    #[test]
    fn every_rules_message_is_said_somewhere() {
        let said: Vec<&str> = Sentence::samples().iter().map(Sentence::id).collect();
        let phrases = [
            "piece",
            "side",
            "piece-on-square",
            "empty-square",
            "list-comma",
            "list-and",
            "list-or",
            "castling",
            "right-lost-with",
            "move-castle-short",
            "move-castle-long",
            "move-piece",
            "move-choice",
            "ambiguous-example",
            "which-move-example",
        ];
        // Parts of sentences: messages the wording of another refers to.
        let referred = ["king-into-check", "still-in-check", "pawn-sideways"];
        for lang in LANGS {
            for (file, id) in message_ids(lang) {
                if file.ends_with("rules.ftl") {
                    let id = id.as_str();
                    assert!(
                        said.contains(&id) || phrases.contains(&id) || referred.contains(&id),
                        "{file}: `{id}` is never said"
                    );
                }
            }
        }
    }

    #[test]
    fn no_message_id_is_in_two_files() {
        for lang in LANGS {
            let mut ids: Vec<String> = message_ids(lang).into_iter().map(|(_, id)| id).collect();
            let count = ids.len();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), count, "{}", lang.tag());
        }
    }

    #[test]
    fn lists_and_plurals() {
        let board = Board::default();
        let two = on_all(&board, &[Square::E8, Square::E5]);
        let s = Sentence::CastlingInCheck {
            castling: CastlingSide::KingSide,
            attackers: two.clone(),
        };
        assert_eq!(
            s.to(Lang::En),
            "You cannot castle short (O-O) while your king is in check: the king on e8 and the \
             square e5 are checking it. Answer the check first."
        );
        let one = Sentence::CastlingInCheck {
            castling: CastlingSide::KingSide,
            attackers: two[..1].to_vec(),
        };
        assert!(one.to(Lang::En).contains("e8 is checking"));
        assert_eq!(
            s.to(Lang::Zh),
            "被将军时不能短易位（O-O）：e8的王和e5格正在将你的王。先应将。"
        );
        assert_eq!(
            s.to(Lang::ZhHant),
            "被將軍時不能短易位（O-O）：e8的王和e5格正在將你的王。先應將。"
        );
    }

    #[test]
    fn what_the_learner_typed_is_shown_in_the_sentence_script() {
        let s = Sentence::Unreadable {
            input: Typed("马马f3".to_owned()),
        };
        assert!(s.to(Lang::Zh).contains("“马马f3”"));
        assert!(s.to(Lang::ZhHant).contains("「馬馬f3」"));
    }
}
