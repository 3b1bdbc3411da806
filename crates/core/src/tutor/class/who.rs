//! Who is asking, and in which language the class is spoken to: what every class command
//! asks first.

use crate::rules::Lang;
use crate::tutor::classroom::{ClassContext, ClassInfo, Role};
use crate::tutor::cx::Cx;

/// The language to speak about the class of `ctx`: the class's, else the chat's.
pub fn class_lang(cx: &Cx<'_>, ctx: &ClassContext) -> Lang {
    ctx.class.as_ref().map_or_else(|| cx.lang(), |c| c.lang)
}

/// Whether the sender teaches `class`.
pub fn is_teacher(ctx: &ClassContext, class: &ClassInfo) -> bool {
    ctx.sender
        .as_ref()
        .is_some_and(|s| class.role_of(s.person.id) == Some(Role::Teacher))
}
