//! Helpers the browser tests share: a fresh element to mount a component in, a
//! stylesheet for it, and squares by name.

use chronochess::chess::Square;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// A new `<div>` appended to the page's body, to mount one component in.
pub fn container() -> HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

/// A [`container`] of a fixed size in CSS pixels, for components that lay out
/// by the room they have.
pub fn sized_container(width: u32, height: u32) -> HtmlElement {
    let div = container();
    div.set_attribute("style", &format!("width: {width}px; height: {height}px;"))
        .unwrap();
    div
}

/// Adds a `<style>` with `css` inside `root` (the test page has no
/// stylesheet: a test lays out what it measures itself).
pub fn add_style(root: &web_sys::Element, css: &str) {
    let style = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .create_element("style")
        .unwrap();
    style.set_text_content(Some(css));
    root.append_child(&style).unwrap();
}

/// A square by its name (`"e4"`).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}
