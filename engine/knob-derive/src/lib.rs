//! The knob catalogue, derived from the scenario's types: a field says what it is as a knob
//! beside its declaration, and this crate turns that into the catalogue's rows and the range
//! checks validation runs, so a new knob is one field with one attribute.
//!
//! - `#[derive(Knobs)]` on a struct: `#[knob(EXPR)]` on a field makes it a knob, where `EXPR`
//!   is a `const` expression of type `knobs::Doc` (label, help, unit, range, options...);
//!   `#[knob(nested)]` recurses into a struct field under its name; other fields are not knobs.
//!   `#[knobs(group = "...", devices = EXPR)]` on the struct sets its fields' default group and
//!   the device kinds that have them. The field's type says the kind (`knobs::KnobValue`).
//! - `#[derive(KnobValue)]` on a unit-only enum: an `Enum` knob whose options are the variants
//!   as serde writes them (`rename_all` lowercase or snake_case, or a variant's `rename`), each
//!   labelled by its `#[option("Label")]` for the form.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::{parse_macro_input, Data, DeriveInput, Expr, Fields, LitStr};

#[proc_macro_derive(Knobs, attributes(knobs, knob))]
pub fn derive_knobs(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match knobs(&input) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

#[proc_macro_derive(KnobValue, attributes(option))]
pub fn derive_knob_value(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match knob_value(&input) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// What a field's `#[knob(...)]` says.
enum Attr {
    Doc(Expr),
    Nested,
}

fn field_attr(field: &syn::Field) -> syn::Result<Option<Attr>> {
    let Some(attr) = field.attrs.iter().find(|a| a.path().is_ident("knob")) else { return Ok(None) };
    let expr: Expr = attr.parse_args()?;
    if let Expr::Path(p) = &expr {
        if p.path.is_ident("nested") {
            return Ok(Some(Attr::Nested));
        }
    }
    Ok(Some(Attr::Doc(expr)))
}

/// The struct's `#[knobs(group = "...", devices = EXPR)]`, as expressions of `Option`s.
fn container(input: &DeriveInput) -> syn::Result<(Tokens, Tokens)> {
    let (mut group, mut devices) = (quote!(None), quote!(None));
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("knobs")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("group") {
                let g: LitStr = meta.value()?.parse()?;
                group = quote!(Some(#g));
                Ok(())
            } else if meta.path.is_ident("devices") {
                let d: Expr = meta.value()?.parse()?;
                devices = quote!(Some(#d));
                Ok(())
            } else {
                Err(meta.error("expected group or devices"))
            }
        })?;
    }
    Ok((group, devices))
}

fn knobs(input: &DeriveInput) -> syn::Result<Tokens> {
    let name = &input.ident;
    let Data::Struct(data) = &input.data else { return Err(syn::Error::new_spanned(name, "Knobs derives for structs")) };
    let Fields::Named(fields) = &data.fields else { return Err(syn::Error::new_spanned(name, "Knobs needs named fields")) };
    let (group, devices) = container(input)?;
    let k = quote!(crate::scenario::knobs);
    let g = quote!(crate::scenario::gather);
    let (mut list, mut check, mut texts) = (Vec::new(), Vec::new(), Vec::new());
    for field in &fields.named {
        let Some(attr) = field_attr(field)? else { continue };
        let ident = field.ident.as_ref().expect("named field");
        let key = ident.to_string();
        let ty = &field.ty;
        match attr {
            Attr::Nested => {
                list.push(quote!(<#ty as #g::Knobs>::list(&place.at(#key), out);));
                check.push(quote!(#g::Knobs::check_knobs(&self.#ident, &c.inner(#key))?;));
            }
            Attr::Doc(doc) => {
                list.push(quote!({
                    const DOC: #k::Doc = #doc;
                    out.push(place.knob::<#ty>(#key, &DOC));
                }));
                check.push(quote!({
                    const DOC: #k::Doc = #doc;
                    if c.applies(&DOC, #devices, |sibling| #g::Knobs::field_text(self, sibling)) {
                        c.value(#key, &self.#ident, &DOC)?;
                    }
                }));
                texts.push(quote!(#key => #k::KnobValue::text(&self.#ident),));
            }
        }
    }
    Ok(quote! {
        impl #g::Knobs for #name {
            fn list(place: &#g::Place, out: &mut ::std::vec::Vec<#k::Knob>) {
                let place = place.within(#group, #devices);
                #(#list)*
            }
            fn check_knobs(&self, c: &crate::scenario::Check) -> ::std::result::Result<(), crate::scenario::ScenarioError> {
                #(#check)*
                Ok(())
            }
            fn field_text(&self, field: &str) -> ::std::option::Option<::std::string::String> {
                match field {
                    #(#texts)*
                    _ => None,
                }
            }
        }
    })
}

fn knob_value(input: &DeriveInput) -> syn::Result<Tokens> {
    let name = &input.ident;
    let Data::Enum(data) = &input.data else { return Err(syn::Error::new_spanned(name, "KnobValue derives for enums")) };
    let rule = serde_text(&input.attrs, "rename_all")?;
    let (mut names, mut labels) = (Vec::new(), Vec::new());
    for v in &data.variants {
        if !matches!(v.fields, Fields::Unit) {
            return Err(syn::Error::new_spanned(v, "KnobValue needs unit variants"));
        }
        let text = match (serde_text(&v.attrs, "rename")?, rule.as_deref()) {
            (Some(r), _) => r,
            (None, Some("lowercase")) => v.ident.to_string().to_lowercase(),
            (None, Some("snake_case")) => snake(&v.ident.to_string()),
            (None, None) => v.ident.to_string(),
            (None, Some(other)) => return Err(syn::Error::new_spanned(name, format!("rename_all = {other:?} is not supported"))),
        };
        let label: LitStr = match v.attrs.iter().find(|a| a.path().is_ident("option")) {
            Some(attr) => attr.parse_args()?,
            None => return Err(syn::Error::new_spanned(v, "every option needs its label: #[option(\"Label\")]")),
        };
        let ident = &v.ident;
        names.push((text, quote!(#name::#ident)));
        labels.push(label);
    }
    let options = names.iter().map(|(t, _)| t);
    let arms = names.iter().map(|(t, v)| quote!(#v => #t,));
    let k = quote!(crate::scenario::knobs);
    Ok(quote! {
        impl #k::KnobValue for #name {
            const KIND: #k::Kind = #k::Kind::Enum;
            const OPTIONS: &'static [&'static str] = &[#(#options),*];
            const OPTION_LABELS: &'static [&'static str] = &[#(#labels),*];
            fn text(&self) -> ::std::option::Option<::std::string::String> {
                Some(match self { #(#arms)* }.to_string())
            }
        }
    })
}

/// The text of `#[serde(key = "...")]` among `attrs`, if there is one.
fn serde_text(attrs: &[syn::Attribute], key: &str) -> syn::Result<Option<String>> {
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident(key) {
                found = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<Expr>()?;
            }
            Ok(())
        })?;
    }
    Ok(found)
}

fn snake(camel: &str) -> String {
    let mut out = String::new();
    for (i, ch) in camel.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(ch.to_lowercase());
    }
    out
}
