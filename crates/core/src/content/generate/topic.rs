//! The kinds of generated question.

/// The kinds of generated question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// "Ng1-f3 is legal here." (true/false), with the referee's reason when it is not.
    MoveLegal,
    /// "White keeps the right to castle long; White may castle long now." (true/false).
    CanCastle,
    /// "Checkmate, stalemate or neither?" (multiple choice).
    MateOrStalemate,
    /// "At least one side can still win." (true/false): dead positions by material.
    CanEitherWin,
    /// "The side to move is in check." (true/false).
    InCheck,
    /// "How many legal moves does the knight on g1 have?" (multiple choice).
    MoveCount,
}

impl Topic {
    /// Every topic, in a fixed order.
    pub const ALL: [Topic; 6] = [
        Topic::MoveLegal,
        Topic::CanCastle,
        Topic::MateOrStalemate,
        Topic::CanEitherWin,
        Topic::InCheck,
        Topic::MoveCount,
    ];
}
