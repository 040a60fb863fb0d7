//! screen_example: a phone screen laid out with Auto Layout constraints, through the safe Rust
//! crate `tether` (bindings/rust/tether): the Rust twin of examples/c/screen_example.c.
//!
//! ```text
//!     +-------------------------------+  header: top, leading and trailing of the screen,
//!     |  [title]          header      |          64 high; its title 16 from its leading edge,
//!     +-------------------------------+          120 x 24, centred vertically
//!     |   +-----------------------+   |  content: 8 below the header, 8 above the footer,
//!     |   |        content        |   |           inside the screen's layout margins
//!     |   +-----------------------+   |
//!     |   +-----------------------+   |  footer: at the bottom, inside the margins, 49 high
//!     |   |        footer         |   |
//!     +---+-----------------------+---+  layout margins: 8 top and bottom, 16 left and right
//! ```
//!
//! The screen is laid out in portrait, then in landscape, then with the engine's default
//! direction right-to-left (leading becomes the right edge: the title moves to the right).
//! Frames are printed in the C example's format and checked against numbers worked out by
//! hand; the program exits non-zero on any difference or failed call (the error on stderr).
//!
//! Build and run (after `make release`; the crate links .build/release/libtether.so, or the
//! folder in TETHER_LIB_DIR):
//!
//! ```text
//! cd examples/rust && CARGO_TARGET_DIR=../../.build/rust cargo run --offline --release
//! ```
//!
//! `make test-rust` builds it too and compares its tables with the C example's.
use std::process::ExitCode;

use tether::sys::TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT;
use tether::{Engine, Insets, Item, Rect, View};

/// The views' identifiers in the order they are made, which is the order of the screen's
/// subtree too (a view, then its subviews depth-first).
const NAMES: [&str; 5] = ["screen", "header", "title", "content", "footer"];

fn rect(x: f64, y: f64, width: f64, height: f64) -> Rect {
    Rect { x, y, width, height }
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => {
            println!("screen_example: every frame is as computed by hand");
            ExitCode::SUCCESS
        }
        Ok(false) => {
            eprintln!("screen_example: the layout differs from the hand-computed one");
            ExitCode::FAILURE
        }
        Err(error) => {
            // A call failed: Tether's status name and message.
            eprintln!("screen_example: {}", error);
            ExitCode::FAILURE
        }
    }
}

/// Builds the screen and lays it out three ways; `Ok(false)` when a frame is not as expected.
fn run() -> tether::Result<bool> {
    // The engine owns the views and constraints; it frees them when dropped (end of `run`).
    let engine = Engine::new()?;
    let screen = engine.view(rect(0.0, 0.0, 375.0, 667.0))?;
    screen.set_identifier("screen")?;
    screen.set_layout_margins(Insets { top: 8.0, left: 16.0, bottom: 8.0, right: 16.0 })?;
    // subview(): a new subview laid out by constraints (no autoresizing mask), with its identifier.
    let header = screen.subview("header")?;
    let title = header.subview("title")?;
    let content = screen.subview("content")?;
    let footer = screen.subview("footer")?;
    let views = [screen, header, title, content, footer];

    // Each relation makes an inactive, required constraint (Tether checks it at once).
    let constraints = [
        header.top().eq(screen.top())?,
        header.leading().eq(screen.leading())?,
        header.trailing().eq(screen.trailing())?,
        header.height().eq_const(64.0)?,
        title.leading().eq(header.leading() + 16.0)?,
        title.center_y().eq(header.center_y())?,
        title.width().eq_const(120.0)?,
        title.height().eq_const(24.0)?,
        footer.bottom().eq(screen.bottom())?,
        footer.leading().eq(screen.leading_margin())?,
        footer.trailing().eq(screen.trailing_margin())?,
        footer.height().eq_const(49.0)?,
        content.top().eq(header.bottom() + 8.0)?,
        content.bottom().eq(footer.top() - 8.0)?,
        content.leading().eq(screen.leading_margin())?,
        content.trailing().eq(screen.trailing_margin())?,
    ];
    // All at once: either every constraint is activated or none.
    engine.activate(&constraints)?;
    println!(
        "Tether {}, from Rust: {} constraints, e.g. {}\n",
        tether::version(),
        constraints.len(),
        constraints[13].description()?
    );

    // Portrait 375 x 667: margins 16 left and right, so the content is 375 - 32 = 343 wide;
    // the footer's top is 667 - 49 = 618, the content runs from 64 + 8 to 618 - 8.
    let portrait = [
        rect(0.0, 0.0, 375.0, 667.0),
        rect(0.0, 0.0, 375.0, 64.0),
        rect(16.0, 20.0, 120.0, 24.0),
        rect(16.0, 72.0, 343.0, 538.0),
        rect(16.0, 618.0, 343.0, 49.0),
    ];
    let mut right = layout_and_check("Portrait, 375 x 667:", &views, &portrait)?;

    // Landscape 667 x 375: 635 wide inside the margins, footer at 375 - 49 = 326.
    let landscape = [
        rect(0.0, 0.0, 667.0, 375.0),
        rect(0.0, 0.0, 667.0, 64.0),
        rect(16.0, 20.0, 120.0, 24.0),
        rect(16.0, 72.0, 635.0, 246.0),
        rect(16.0, 326.0, 635.0, 49.0),
    ];
    screen.set_frame(rect(0.0, 0.0, 667.0, 375.0))?;
    right &= layout_and_check("Landscape, 667 x 375:", &views, &landscape)?;

    // Right-to-left: leading is the right edge. The title sits 16 from the header's right edge
    // (667 - 16 - 120 = 531); everything else is symmetric.
    let mut right_to_left = landscape;
    right_to_left[2].x = 531.0;
    engine.set_default_direction(TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT)?;
    let direction = views[2].effective_layout_direction()?;
    if direction != TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT {
        eprintln!("  WRONG: the title's effective direction is {direction}");
        right = false;
    }
    right &= layout_and_check("Landscape, right-to-left:", &views, &right_to_left)?;
    Ok(right)
}

/// Lays out, prints the frames of the subtree of `views[0]` and compares them with `expected`
/// (one per view of `views`, in the order of the subtree).
fn layout_and_check(title: &str, views: &[View<'_>], expected: &[Rect]) -> tether::Result<bool> {
    views[0].layout_if_needed()?;
    let mut subtree = Vec::new();
    add_subtree(views[0], &mut subtree)?;

    println!("{}", title);
    println!("  {:<8} {:>8} {:>8} {:>8} {:>8}", "view", "x", "y", "width", "height");
    let mut right = true;
    for (i, view) in subtree.iter().enumerate() {
        let name = view.identifier()?;
        let frame = view.frame()?;
        // + 0.0 prints a solver's -0 as 0.
        println!(
            "  {:<8} {:>8.2} {:>8.2} {:>8.2} {:>8.2}",
            name,
            frame.x + 0.0,
            frame.y + 0.0,
            frame.width + 0.0,
            frame.height + 0.0
        );
        if views.get(i) != Some(view) {
            let wanted = NAMES.get(i).unwrap_or(&"no view");
            eprintln!("  WRONG: view {} of the subtree is {}, expected {}", i, name, wanted);
            right = false;
        } else if !same(frame, expected[i]) {
            eprintln!("  WRONG: {} is {}, expected {}", name, show(frame), show(expected[i]));
            right = false;
        }
    }
    if subtree.len() != views.len() {
        eprintln!("  WRONG: the subtree has {} views, expected {}", subtree.len(), views.len());
        right = false;
    }
    println!();
    Ok(right)
}

/// `view`, then its subviews depth-first: the order of the C example's table.
fn add_subtree<'e>(view: View<'e>, out: &mut Vec<View<'e>>) -> tether::Result<()> {
    out.push(view);
    for subview in view.subviews()? {
        add_subtree(subview, out)?;
    }
    Ok(())
}

/// `(x, y, width, height)`, as the C example shows a frame.
fn show(frame: Rect) -> String {
    format!("({}, {}, {}, {})", frame.x, frame.y, frame.width, frame.height)
}

/// Whether two frames agree to 1e-9 (a NaN never does).
fn same(a: Rect, b: Rect) -> bool {
    let pairs = [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)];
    pairs.iter().all(|(p, q)| (p - q).abs() <= 1e-9)
}
