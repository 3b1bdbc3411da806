//! Who is asking, and in which language the class is spoken to: what every class command
//! asks first.

use super::words::ClassSay;
use crate::rules::Lang;
use crate::tutor::classroom::{ClassContext, ClassInfo, Role};
use crate::tutor::cx::Cx;
use crate::tutor::reply::Reply;

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

/// The class of the group `ctx` comes from; `None`, said in `lang`, when the input is not
/// from a group (`elsewhere`) or the group is no class.
pub fn group_class<'a>(
    cx: &mut Cx<'_>,
    ctx: &'a ClassContext,
    lang: Lang,
    elsewhere: ClassSay,
) -> Option<&'a ClassInfo> {
    match (ctx.group, &ctx.class) {
        (Some(_), Some(class)) => Some(class),
        (Some(_), None) => {
            cx.reply(Reply::text(ClassSay::NoClass.to(lang)));
            None
        }
        (None, _) => {
            cx.reply(Reply::text(elsewhere.to(lang)));
            None
        }
    }
}

/// The class of the group `ctx` comes from, when its sender teaches it; otherwise `None`,
/// with why said in `lang`.
pub fn taught_class<'a>(
    cx: &mut Cx<'_>,
    ctx: &'a ClassContext,
    lang: Lang,
) -> Option<&'a ClassInfo> {
    let class = group_class(cx, ctx, lang, ClassSay::OnlyInGroups)?;
    if !is_teacher(ctx, class) {
        cx.reply(Reply::text(ClassSay::TeachersOnly.to(lang)));
        return None;
    }
    Some(class)
}
