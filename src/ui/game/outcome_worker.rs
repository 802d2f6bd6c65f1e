//! The page's side of the web worker (`src/worker.rs`): starts it on first
//! use, sends it one job at a time (a mate check, or the computer's
//! thinking), hands its replies to whoever started the job, and stops it on
//! cancel.
//!
//! One worker serves the page. A job started while another runs stops the old
//! search (the worker is terminated and a fresh one started), so a stale
//! answer never arrives; replies carry the job's id as a second guard. When
//! the worker cannot be created or fails to load, [`start`] answers `None` /
//! the listener gets [`JobReply::Failed`], and the caller falls back to the
//! bounded search on the page.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::outcome_job::{JobReply, JobRequest};
use super::session::Payload;
use crate::play::fived::computer::ThinkSpec;

/// Where trunk puts the worker's loader (`data-loader-shim` in index.html),
/// relative to the page: works at `/` and under a sub-path.
const WORKER_URL: &str = "./chronochess-worker_loader.js";

type Listener = Rc<dyn Fn(JobReply)>;

struct Connection {
    worker: web_sys::Worker,
    /// The worker said [`JobReply::Ready`].
    ready: bool,
    /// A request waiting for `ready`.
    queued: Option<String>,
    /// The job in flight.
    job: Option<u64>,
    listener: Option<Listener>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static CONNECTION: RefCell<Option<Connection>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
    /// The worker failed to start or load once: don't try again this page.
    static BROKEN: Cell<bool> = const { Cell::new(false) };
}

fn on_message(e: &web_sys::MessageEvent) {
    let Some(text) = e.data().as_string() else {
        return;
    };
    let Ok(reply) = serde_json::from_str::<JobReply>(&text) else {
        // A worker from another build (an older copy still in the browser's
        // cache) speaks another protocol: give up on it rather than wait forever.
        fail("the mate-check worker is from another version of the page; reload the page");
        return;
    };
    // Update the connection, then call the listener with no borrow held
    // (it may start or cancel a job).
    let listener = CONNECTION.with(|c| {
        let mut c = c.borrow_mut();
        let conn = c.as_mut()?;
        match &reply {
            JobReply::Ready => {
                conn.ready = true;
                if let Some(text) = conn.queued.take() {
                    let _ = conn.worker.post_message(&JsValue::from_str(&text));
                }
                None
            }
            JobReply::Progress { .. } | JobReply::Thinking { .. } => conn.listener.clone(),
            JobReply::Done { .. }
            | JobReply::Moved { .. }
            | JobReply::NoMove { .. }
            | JobReply::Failed { .. } => {
                conn.job = None;
                conn.listener.take()
            }
        }
    });
    if let Some(listener) = listener {
        listener(reply);
    }
}

fn on_error() {
    fail("the mate-check worker failed");
}

/// Drops the worker for the rest of this page's life; a running job fails with `reason`.
fn fail(reason: &str) {
    BROKEN.with(|b| b.set(true));
    let dropped = CONNECTION.with(|c| c.borrow_mut().take());
    if let Some(conn) = dropped {
        conn.worker.terminate();
        // This runs inside one of the worker's handlers: keep both alive rather
        // than free them mid-call (once per page at most).
        std::mem::forget(conn._on_error);
        std::mem::forget(conn._on_message);
        if let (Some(id), Some(listener)) = (conn.job, conn.listener) {
            listener(JobReply::Failed {
                id: Some(id),
                reason: reason.to_string(),
            });
        }
    }
}

fn connect() -> Option<Connection> {
    let worker = web_sys::Worker::new(WORKER_URL).ok()?;
    let on_msg = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
        on_message(&e);
    });
    let on_err = Closure::<dyn FnMut(web_sys::Event)>::new(|_e: web_sys::Event| on_error());
    worker.set_onmessage(Some(on_msg.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_err.as_ref().unchecked_ref()));
    Some(Connection {
        worker,
        ready: false,
        queued: None,
        job: None,
        listener: None,
        _on_message: on_msg,
        _on_error: on_err,
    })
}

/// Whether the worker may still be used on this page (it has not failed).
#[must_use]
pub fn available() -> bool {
    !BROKEN.with(Cell::get)
}

/// Asks the worker for the outcome of `game`'s submitted position; `listener`
/// gets the job's progress and its answer (or a failure). Stops any job in
/// flight. Returns the job's id, or `None` when no worker can be started.
pub fn start(game: Payload, listener: impl Fn(JobReply) + 'static) -> Option<u64> {
    send(game, None, listener)
}

/// Asks the worker for the computer's action in `game` (the side to move
/// of its submitted position) as `spec` says; `listener` gets its progress
/// ([`JobReply::Thinking`]) and its answer. Stops any job in flight.
/// Returns the job's id, or `None` when no worker can be started.
pub fn think(game: Payload, spec: ThinkSpec, listener: impl Fn(JobReply) + 'static) -> Option<u64> {
    send(game, Some(spec), listener)
}

fn send(
    game: Payload,
    think: Option<ThinkSpec>,
    listener: impl Fn(JobReply) + 'static,
) -> Option<u64> {
    if !available() {
        return None;
    }
    let id = NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    let text = serde_json::to_string(&JobRequest { id, game, think }).ok()?;
    cancel();
    let started = CONNECTION.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = connect();
        }
        let conn = c.as_mut()?;
        conn.job = Some(id);
        conn.listener = Some(Rc::new(listener));
        if conn.ready {
            let _ = conn.worker.post_message(&JsValue::from_str(&text));
        } else {
            conn.queued = Some(text);
        }
        Some(id)
    });
    if started.is_none() {
        BROKEN.with(|b| b.set(true));
    }
    started
}

/// Stops the job in flight, if any (its listener hears nothing more). An idle
/// worker is kept for the next job.
pub fn cancel() {
    let stopped = CONNECTION.with(|c| {
        let mut c = c.borrow_mut();
        if c.as_ref().is_some_and(|conn| conn.job.is_some()) {
            c.take()
        } else {
            None
        }
    });
    if let Some(conn) = stopped {
        conn.worker.terminate();
    }
}

/// Stops job `id` if it is the one in flight (a job another screen started
/// since is left alone).
pub fn cancel_job(id: u64) {
    let stopped = CONNECTION.with(|c| {
        let mut c = c.borrow_mut();
        if c.as_ref().is_some_and(|conn| conn.job == Some(id)) {
            c.take()
        } else {
            None
        }
    });
    if let Some(conn) = stopped {
        conn.worker.terminate();
    }
}
