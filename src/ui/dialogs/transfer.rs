//! Moving a game in and out as text, the same for all four games: the export
//! dialog (the text, copy, download, and a share link where the game has one)
//! and the import form (paste, or choose a file where the game reads files;
//! the reason a text is refused).

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::Modal;

/// Copies text to the clipboard (best effort: a refusal leaves the text on screen).
fn copy_text(text: &str) {
    let _ = window().navigator().clipboard().write_text(text);
}

/// Offers `text` as a file download named after `name` (letters, digits and
/// `-` kept, anything else `_`) with the given extension and MIME type.
fn download_text(name: &str, extension: &str, mime: &str, text: &str) {
    let parts = web_sys::js_sys::Array::new();
    parts.push(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document().create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        let file: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        a.set_download(&format!("{file}.{extension}"));
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// The share link of a game's 5dpgn text: this page's address (origin and
/// path, no query) with the game in the fragment (`notation::share`).
#[must_use]
pub fn share_link(pgn: &str) -> String {
    let location = window().location();
    format!(
        "{}{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        crate::notation::share::encode_fragment(pgn)
    )
}

/// How an export is offered as a file: the file's name (the game's name),
/// its extension and MIME type.
#[derive(Debug, Clone, Copy)]
pub struct Download {
    /// The game's name, made the file name.
    pub name: Signal<String>,
    /// The file name's extension, without the dot (`5dpgn`, `timetravel.json`).
    pub extension: &'static str,
    /// The file's MIME type.
    pub mime: &'static str,
}

impl Download {
    /// A JSON record saved as `{name}.{extension}`.
    #[must_use]
    pub fn json(name: Signal<String>, extension: &'static str) -> Download {
        Download {
            name,
            extension,
            mime: "application/json;charset=utf-8",
        }
    }
}

/// The export dialog of every game: the game as text in a read-only text box
/// (its hooks: `[data-testid={testid}]`, the text again in `data-record`),
/// Copy, Download where a file is offered, a share link where the game has
/// one (a page address that carries the game), and Done.
#[component]
pub fn ExportDialog(
    /// The dialog's title.
    #[prop(into)]
    title: String,
    /// One sentence on what the text is and where it imports.
    #[prop(optional, into)]
    lede: Option<String>,
    /// The text.
    text: Signal<String>,
    /// The text box's `data-testid`.
    #[prop(into)]
    testid: String,
    /// The file offered by "Download"; none: no download.
    #[prop(optional)]
    download: Option<Download>,
    /// The share link of the text; none: the game has no share link.
    #[prop(optional)]
    share: Option<fn(&str) -> String>,
    /// Called to close it.
    on_close: Callback<()>,
) -> impl IntoView {
    let copied = RwSignal::new(false);
    let link = RwSignal::new(None::<String>);
    let download_button = download.map(|d| {
        view! {
            <button type="button" class="btn" data-action="download" on:click=move |_| download_text(&d.name.get_untracked(), d.extension, d.mime, &text.get_untracked())>{format!("Download .{}", d.extension)}</button>
        }
    });
    let share_button = share.map(|share| {
        view! {
            <button type="button" class="btn" data-action="share-link" title="A link that opens this game in Chronochess" on:click=move |_| {
                let l = share(&text.get_untracked());
                copy_text(&l);
                link.set(Some(l));
            }>{move || if link.get().is_some() { "Link copied" } else { "Copy share link" }}</button>
        }
    });
    let label = title.clone();
    view! {
        <Modal title=title class="export-dialog" on_close=on_close>
            {lede.map(|l| view! { <p class="dialog-lede">{l}</p> })}
            <textarea class="pgn-input" data-testid=testid rows="14" readonly spellcheck="false"
                aria-label=label data-record=move || text.get() prop:value=move || text.get()></textarea>
            {move || link.get().map(|l| view! {
                <input type="text" class="pgn-input share-link" style="margin-top: 8px" readonly
                    aria-label="Share link" data-testid="share-link" prop:value=l
                    on:focus=move |e| {
                        let input: web_sys::HtmlInputElement = event_target(&e);
                        input.select();
                    } />
            })}
            <div class="dialog-actions">
                <button type="button" class="btn" data-action="copy" on:click=move |_| {
                    copy_text(&text.get_untracked());
                    copied.set(true);
                }>{move || if copied.get() { "Copied" } else { "Copy" }}</button>
                {share_button}
                {download_button}
                <button type="button" class="btn btn-primary" data-action="close" on:click=move |_| on_close.run(())>"Done"</button>
            </div>
        </Modal>
    }
}

/// A hook of the import form: `{game}-{what}`, or `what` alone for the 5D
/// page's import (its hooks carry no prefix).
fn hook(game: &str, what: &str) -> String {
    if game.is_empty() {
        what.to_string()
    } else {
        format!("{game}-{what}")
    }
}

/// Pasting a game's exported text (or choosing a file, where `file` gives
/// the types it reads) to open it: a text box, the reason a text is
/// refused, Cancel and Import. What the text means is the game's
/// (`on_import`); the screens put the form in their own frame (a dialog, a
/// pane). Its hooks: `[data-testid={game}-import-text]`,
/// `[data-testid={game}-import-error]`, `[data-action={game}-import-confirm]`
/// (no `{game}-` for the 5D page's import).
#[component]
pub fn RecordImportForm(
    /// The game's hook prefix (`chessgi`, `branching`, `tt`; empty for 5D).
    game: &'static str,
    /// The text box's height in lines.
    rows: u32,
    /// What the empty text box shows.
    placeholder: &'static str,
    /// The file types a file may be chosen from (`accept`); none: paste only.
    #[prop(default = None)]
    file: Option<&'static str>,
    /// Reads the text and opens the game, or gives the reason it cannot.
    on_import: Callback<String, Result<(), String>>,
    /// Closes the form.
    on_cancel: Callback<()>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let import = move |_| {
        if let Err(e) = on_import.run(text.get_untracked()) {
            error.set(Some(e));
        }
    };
    let file_input = NodeRef::<html::Input>::new();
    let on_file = move |_| {
        let Some(input) = file_input.get_untracked() else {
            return;
        };
        let Some(chosen) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        let promise = chosen.text();
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(v) => text.set(v.as_string().unwrap_or_default()),
                Err(_) => error.set(Some("The file could not be read.".to_string())),
            }
        });
    };
    let file_row = file.map(|accept| {
        view! {
            <div class="import-row">
                <input type="file" accept=accept aria-label="File" node_ref=file_input on:change=on_file />
            </div>
        }
    });
    view! {
        <textarea class="pgn-input" data-testid=hook(game, "import-text") rows=rows spellcheck="false"
            aria-label="Text to import" placeholder=placeholder
            prop:value=move || text.get()
            on:input=move |e| {
                text.set(event_target_value(&e));
                error.set(None);
            }></textarea>
        {file_row}
        {move || error.get().map(|e| view! { <p class="notice error" role="alert" data-testid=hook(game, "import-error")>{e}</p> })}
        <div class="dialog-actions">
            <button type="button" class="btn" on:click=move |_| on_cancel.run(())>"Cancel"</button>
            <button type="button" class="btn btn-primary" data-action=hook(game, "import-confirm") on:click=import>"Import"</button>
        </div>
    }
}

/// The import form in a dialog: a title, a sentence on what to paste, the
/// form ([`RecordImportForm`]).
#[component]
pub fn ImportDialog(
    /// The dialog's title.
    #[prop(into)]
    title: String,
    /// What to paste, in a sentence.
    lede: &'static str,
    /// The game's hook prefix (see [`RecordImportForm`]).
    game: &'static str,
    /// The text box's height in lines.
    rows: u32,
    /// What the empty text box shows.
    placeholder: &'static str,
    /// The file types a file may be chosen from; none: paste only.
    #[prop(default = None)]
    file: Option<&'static str>,
    /// Reads the text and opens the game, or gives the reason it cannot.
    on_import: Callback<String, Result<(), String>>,
    /// Closes the dialog.
    on_close: Callback<()>,
) -> impl IntoView {
    view! {
        <Modal title=title class="import-dialog" on_close=on_close>
            <p class="dialog-lede">{lede}</p>
            <RecordImportForm game rows placeholder file on_import on_cancel=on_close />
        </Modal>
    }
}
