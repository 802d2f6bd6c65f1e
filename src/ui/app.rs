//! The application shell: a header with the brand, the current screen, a footer.

use leptos::prelude::*;

use super::start_screen::StartScreen;

/// The whole app, as mounted on `<body>` by the `chronochess-app` binary.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <div class="app">
            <header class="site-header">
                <a class="brand" href="./" aria-label="Chronochess home">
                    <span class="brand-mark" aria-hidden="true"></span>
                    <span class="brand-name">"Chronochess"</span>
                </a>
            </header>
            <main class="site-main">
                <StartScreen />
            </main>
            <footer class="site-footer">
                <p>"Chronochess runs entirely in your browser, written in Rust and compiled to WebAssembly."</p>
            </footer>
        </div>
    }
}
