//! A part of the summary a run may not have (a device kind's section): flattened into the
//! summary when present, absent when not.

use serde::Serialize;
use ts_rs::{Dummy, TypeVisitor, TS};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Section<T>(pub Option<T>);

impl<T> Default for Section<T> {
    fn default() -> Section<T> {
        Section(None)
    }
}

/// Read as the `Option` it is: `summary.nand.as_ref()`.
impl<T> std::ops::Deref for Section<T> {
    type Target = Option<T>;
    fn deref(&self) -> &Option<T> {
        &self.0
    }
}

/// In TypeScript a flattened section is `Partial<T>`: all of its fields or none of them
/// (ts-rs cannot flatten an `Option`).
impl<T: TS> TS for Section<T> {
    type WithoutGenerics = Section<Dummy>;
    type OptionInnerType = Self;

    fn name(cfg: &ts_rs::Config) -> String {
        format!("Partial<{}>", T::name(cfg))
    }

    fn inline(cfg: &ts_rs::Config) -> String {
        format!("Partial<{}>", T::name(cfg))
    }

    fn inline_flattened(cfg: &ts_rs::Config) -> String {
        format!("Partial<{}>", T::name(cfg))
    }

    fn visit_dependencies(v: &mut impl TypeVisitor)
    where
        Self: 'static,
    {
        v.visit::<T>();
    }

    fn visit_generics(v: &mut impl TypeVisitor)
    where
        Self: 'static,
    {
        T::visit_generics(v);
        v.visit::<T>();
    }
}
