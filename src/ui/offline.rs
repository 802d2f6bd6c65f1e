//! Offline and installable: registers the site's service worker and offers a new build when one
//! has been downloaded.
//!
//! Release builds carry `sw.js` at the site's root (made by `scripts/pwa.sh` with Workbox): it
//! precaches every file of its build, so a second visit works with no network, on both pages. A
//! newer build is downloaded in the background and then *waits*: the page shows "Update available"
//! and moves to it only when the player presses Reload (the new worker is told to take over, and
//! every open page of the site reloads onto it). So a page never runs on two builds' files, and a
//! game in progress is never interrupted unasked (games are saved on every move, so a reload
//! loses nothing). Debug builds (`trunk serve`) have no service worker and register none.

use std::cell::RefCell;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{RegistrationOptions, ServiceWorkerRegistration, ServiceWorkerState};

use super::site::Page;

thread_local! {
    /// This page's registration, once the browser has given it.
    static REGISTRATION: RefCell<Option<ServiceWorkerRegistration>> = const { RefCell::new(None) };
}

/// The "Update available" notice of both pages; registers the service worker when first drawn.
#[component]
pub fn UpdateNotice() -> impl IntoView {
    let waiting = RwSignal::new(false);
    if cfg!(not(debug_assertions)) {
        register(Page::current().url_to(Page::FiveD), waiting);
    }
    let reload = move |_| take_update();
    view! {
        <Show when=move || waiting.get()>
            <div class="update-notice" role="status" data-role="update-notice">
                <span>"Update available: a new version of Chronochess is ready."</span>
                <button type="button" class="btn btn-primary" data-action="update-reload" on:click=reload>
                    "Reload"
                </button>
                <button type="button" class="btn" data-action="update-later" on:click=move |_| waiting.set(false)>
                    "Later"
                </button>
            </div>
        </Show>
    }
}

/// Registers `<root>sw.js` for the whole site (`root` is the site's folder as seen from this page)
/// and sets `waiting` when a newer build is installed and waiting.
fn register(root: &'static str, waiting: RwSignal<bool>) {
    let navigator = window().navigator();
    // Absent in insecure contexts (plain http off localhost): the site then just runs online.
    if !js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false) {
        return;
    }
    let container = navigator.service_worker();
    // Under an earlier build's worker, a change of controller means a newer build took over (from
    // this page's Reload or another tab's): reload onto it. On a first visit the first worker
    // takes control without a reload.
    let updating = container.controller().is_some();
    let on_change = Closure::<dyn Fn()>::new(move || {
        if updating {
            let _ = window().location().reload();
        }
    });
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();

    let options = RegistrationOptions::new();
    options.set_scope(root);
    let promise = container.register_with_options(&format!("{root}sw.js"), &options);
    wasm_bindgen_futures::spawn_local(async move {
        // Offline on a first visit, or a build without sw.js: nothing to offer, nothing to say.
        let Ok(value) = JsFuture::from(promise).await else {
            return;
        };
        let Ok(registration) = value.dyn_into::<ServiceWorkerRegistration>() else {
            return;
        };
        watch(&registration, waiting);
        REGISTRATION.with(|r| *r.borrow_mut() = Some(registration));
    });
}

/// Whether a worker controls this page now (so an installed worker is an update, not the first).
fn controlled() -> bool {
    window().navigator().service_worker().controller().is_some()
}

/// Sets `waiting` now if a newer build already waits, and whenever one finishes installing.
fn watch(registration: &ServiceWorkerRegistration, waiting: RwSignal<bool>) {
    if registration.waiting().is_some() && controlled() {
        waiting.set(true);
    }
    let found = registration.clone();
    let on_found = Closure::<dyn Fn()>::new(move || {
        let Some(worker) = found.installing() else {
            return;
        };
        let installing = worker.clone();
        let on_state = Closure::<dyn Fn()>::new(move || {
            if installing.state() == ServiceWorkerState::Installed && controlled() {
                waiting.set(true);
            }
        });
        worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
}

/// Tells the waiting build to take over (the controller change then reloads every page of the
/// site); with none waiting, just reloads.
fn take_update() {
    let waiting = REGISTRATION.with(|r| {
        r.borrow()
            .as_ref()
            .and_then(ServiceWorkerRegistration::waiting)
    });
    match waiting {
        Some(worker) => {
            let message = js_sys::Object::new();
            let _ = js_sys::Reflect::set(
                &message,
                &JsValue::from_str("type"),
                &JsValue::from_str("SKIP_WAITING"),
            );
            let _ = worker.post_message(&message);
        }
        None => {
            let _ = window().location().reload();
        }
    }
}
