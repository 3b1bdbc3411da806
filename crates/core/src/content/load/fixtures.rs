//! What the loader's tests share: the head of a lesson file, and its problems as text.

use super::folder::load_lessons_from;

pub(super) const HEAD: &str = "id: test\nunit: 1\ntitle: {zh: 测试, en: Test}\nsteps:\n";

pub(super) fn problems(yaml: &str) -> Vec<String> {
    load_lessons_from(&[("lessons/01-test.yaml", yaml)])
        .1
        .iter()
        .map(ToString::to_string)
        .collect()
}
