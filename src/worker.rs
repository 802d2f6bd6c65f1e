//! The web worker of the web app (wasm32): answers the page's mate checks and
//! finds the computer's moves off the main thread, so a long search never
//! freezes the page. It decodes a request, runs
//! [`chronochess::play::fived::outcome_job::run_job`] and posts its progress
//! (from inside the search: the page hears it while the worker computes) and
//! answer; the page (`src/ui/game/outcome_worker.rs`) starts it.
//! On the host it only says what it is.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("chronochess-worker is the web app's web worker: trunk builds it (see README.md)");
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use chronochess::play::fived::outcome_job::{run_job, JobReply};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = {
        let scope = scope.clone();
        move |reply: &JobReply| {
            let _ = scope.post_message(&JsValue::from_str(&reply.to_json()));
        }
    };
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let text = e.data().as_string().unwrap_or_default();
            let mut report = |reply: &JobReply| post(reply);
            let answer = run_job(&text, &js_sys::Date::now, &mut report);
            post(&answer);
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(&JobReply::Ready.to_json()));
}
