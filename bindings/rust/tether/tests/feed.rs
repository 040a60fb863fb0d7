//! The demo screen of examples/c/feed_example.c built through the safe binding, the texts
//! measured by a closure, laid out to the frames the C program prints (`make c-examples`, then
//! .build/c/examples/feed_example), portrait and landscape.
use std::cell::Cell;
use std::rc::Rc;

use tether::sys::{TETHER_AXIS_VERTICAL, TETHER_STACK_DISTRIBUTION_FILL_EQUALLY};
use tether::{Engine, Insets, Item, Measurement, Rect, Size, View};

const POST_LENGTHS: [usize; 3] = [45, 119, 242];
const BUTTONS: [(&str, f64); 4] = [("home", 60.0), ("search", 70.0), ("post", 50.0), ("profile", 70.0)];
const CHARACTER_WIDTH: f64 = 7.0;
const LINE_HEIGHT: f64 = 18.0;

fn text_lines(length: usize, width: f64) -> f64 {
    let lines = (length as f64 * CHARACTER_WIDTH / width - 1e-9).ceil();
    if lines < 1.0 { 1.0 } else { lines }
}

fn rect(x: f64, y: f64, width: f64, height: f64) -> Rect {
    Rect { x, y, width, height }
}

struct Screen<'e> {
    root: View<'e>,
    named: Vec<(&'static str, View<'e>)>,
}

fn build(engine: &Engine, conflicts: Rc<Cell<usize>>) -> Screen<'_> {
    let texts: Rc<Cell<[u64; 3]>> = Rc::new(Cell::new([0; 3]));
    let seen = texts.clone();
    engine
        .set_measure(move |view, proposed_width| {
            let index = seen.get().iter().position(|&t| t == view)?;
            let length = POST_LENGTHS[index];
            let natural = length as f64 * CHARACTER_WIDTH;
            let (width, height) = if proposed_width.is_nan() {
                (natural, LINE_HEIGHT)
            } else {
                (natural.min(proposed_width), text_lines(length, proposed_width) * LINE_HEIGHT)
            };
            Some(Measurement { width, height, first_baseline: f64::NAN, last_baseline: f64::NAN })
        })
        .unwrap();
    engine
        .set_diagnostic_handler(move |message| {
            println!("{}", message);
            conflicts.set(conflicts.get() + 1);
        })
        .unwrap();

    let root = engine.view(rect(0.0, 0.0, 390.0, 844.0)).unwrap();
    root.set_identifier("screen").unwrap();
    let safe = root.safe_area_layout_guide().unwrap();
    let header = root.subview("header").unwrap();
    let title = header.subview("title").unwrap();
    let compose = header.subview("compose").unwrap();
    title.set_intrinsic_content_size(Size { width: 120.0, height: 22.0 }).unwrap();
    compose.set_intrinsic_content_size(Size { width: 44.0, height: 44.0 }).unwrap();

    let feed = root.subview("feed").unwrap();
    let cells = engine.stack_view(Rect::default()).unwrap();
    feed.add_subview(&cells).unwrap();
    cells.set_translates_autoresizing_mask(false).unwrap();
    cells.set_identifier("cells").unwrap();
    cells.set_axis(TETHER_AXIS_VERTICAL).unwrap();
    cells.set_spacing(8.0).unwrap();

    let mut made = Vec::new();
    let mut named = vec![("header", header), ("title", title), ("compose", compose), ("feed", feed)];
    let mut text_ids = [0u64; 3];
    #[allow(clippy::needless_range_loop)]
    for i in 0..POST_LENGTHS.len() {
        let cell = engine.view(Rect::default()).unwrap();
        cell.set_identifier(&format!("cell{}", i)).unwrap();
        cells.add_arranged_subview(&cell).unwrap();
        let avatar = cell.subview(&format!("avatar{}", i)).unwrap();
        let text = cell.subview(&format!("text{}", i)).unwrap();
        text.set_measured(true).unwrap();
        text_ids[i] = text.id();
        made.push(avatar.leading().eq(cell.leading() + 12.0).unwrap());
        made.push(avatar.top().eq(cell.top() + 12.0).unwrap());
        made.push(avatar.width().eq_const(40.0).unwrap());
        made.push(avatar.height().eq_const(40.0).unwrap());
        made.push(text.leading().eq(avatar.trailing() + 12.0).unwrap());
        made.push(text.trailing().eq(cell.trailing() - 12.0).unwrap());
        made.push(text.top().eq(cell.top() + 12.0).unwrap());
        made.push(cell.bottom().ge(avatar.bottom() + 12.0).unwrap());
        made.push(cell.bottom().ge(text.bottom() + 12.0).unwrap());
        made.push(cell.height().eq_const(0.0).unwrap().with_priority(1.0).unwrap());
        named.push(("cell", cell));
        named.push(("avatar", avatar));
        named.push(("text", text));
    }
    texts.set(text_ids);
    named.push(("cells", cells.view()));

    let toolbar = engine.stack_view(Rect::default()).unwrap();
    root.add_subview(&toolbar).unwrap();
    toolbar.set_translates_autoresizing_mask(false).unwrap();
    toolbar.set_identifier("toolbar").unwrap();
    toolbar.set_distribution(TETHER_STACK_DISTRIBUTION_FILL_EQUALLY).unwrap();
    toolbar.set_spacing(8.0).unwrap();
    named.push(("toolbar", toolbar.view()));
    for &(name, width) in BUTTONS.iter() {
        let button = engine.view(Rect::default()).unwrap();
        button.set_identifier(name).unwrap();
        button.set_intrinsic_content_size(Size { width, height: 36.0 }).unwrap();
        toolbar.add_arranged_subview(&button).unwrap();
        named.push((name, button));
    }

    made.push(header.top().eq(safe.top()).unwrap());
    made.push(header.leading().eq(safe.leading()).unwrap());
    made.push(header.trailing().eq(safe.trailing()).unwrap());
    made.push(header.height().eq_const(56.0).unwrap());
    made.push(title.center_x().eq(header.center_x()).unwrap());
    made.push(title.center_y().eq(header.center_y()).unwrap());
    made.push(compose.trailing().eq(header.trailing_margin()).unwrap());
    made.push(compose.center_y().eq(header.center_y()).unwrap());
    made.push(toolbar.leading().eq(safe.leading() + 16.0).unwrap());
    made.push(toolbar.trailing().eq(safe.trailing() - 16.0).unwrap());
    made.push(toolbar.bottom().eq(safe.bottom() - 8.0).unwrap());
    made.push(toolbar.height().eq_const(44.0).unwrap());
    made.push(feed.top().eq(header.bottom()).unwrap());
    made.push(feed.bottom().eq(toolbar.top() - 8.0).unwrap());
    made.push(feed.leading().eq(safe.leading()).unwrap());
    made.push(feed.trailing().eq(safe.trailing()).unwrap());
    made.push(cells.top().eq(feed.top() + 8.0).unwrap());
    made.push(cells.leading().eq(feed.leading() + 8.0).unwrap());
    made.push(cells.trailing().eq(feed.trailing() - 8.0).unwrap());
    engine.activate(&made).unwrap();
    Screen { root, named }
}

/// The frames feed_example prints, in its order (cell, avatar, text per post).
const PORTRAIT: [(&str, [f64; 4]); 19] = [
    ("header", [0.0, 47.0, 390.0, 56.0]),
    ("title", [135.0, 64.0, 120.0, 22.0]),
    ("compose", [338.0, 53.0, 44.0, 44.0]),
    ("feed", [0.0, 103.0, 390.0, 647.0]),
    ("cell", [8.0, 111.0, 374.0, 64.0]),
    ("avatar", [20.0, 123.0, 40.0, 40.0]),
    ("text", [72.0, 123.0, 298.0, 36.0]),
    ("cell", [8.0, 183.0, 374.0, 78.0]),
    ("avatar", [20.0, 195.0, 40.0, 40.0]),
    ("text", [72.0, 195.0, 298.0, 54.0]),
    ("cell", [8.0, 269.0, 374.0, 132.0]),
    ("avatar", [20.0, 281.0, 40.0, 40.0]),
    ("text", [72.0, 281.0, 298.0, 108.0]),
    ("cells", [8.0, 111.0, 374.0, 290.0]),
    ("toolbar", [16.0, 758.0, 358.0, 44.0]),
    ("home", [16.0, 758.0, 83.5, 44.0]),
    ("search", [107.5, 758.0, 83.5, 44.0]),
    ("post", [199.0, 758.0, 83.5, 44.0]),
    ("profile", [290.5, 758.0, 83.5, 44.0]),
];

const LANDSCAPE: [(&str, [f64; 4]); 19] = [
    ("header", [47.0, 0.0, 750.0, 56.0]),
    ("title", [362.0, 17.0, 120.0, 22.0]),
    ("compose", [745.0, 6.0, 44.0, 44.0]),
    ("feed", [47.0, 56.0, 750.0, 253.0]),
    ("cell", [55.0, 64.0, 734.0, 64.0]),
    ("avatar", [67.0, 76.0, 40.0, 40.0]),
    ("text", [119.0, 76.0, 658.0, 18.0]),
    ("cell", [55.0, 136.0, 734.0, 64.0]),
    ("avatar", [67.0, 148.0, 40.0, 40.0]),
    ("text", [119.0, 148.0, 658.0, 36.0]),
    ("cell", [55.0, 208.0, 734.0, 78.0]),
    ("avatar", [67.0, 220.0, 40.0, 40.0]),
    ("text", [119.0, 220.0, 658.0, 54.0]),
    ("cells", [55.0, 64.0, 734.0, 222.0]),
    ("toolbar", [63.0, 317.0, 718.0, 44.0]),
    ("home", [63.0, 317.0, 173.5, 44.0]),
    ("search", [244.5, 317.0, 173.5, 44.0]),
    ("post", [426.0, 317.0, 173.5, 44.0]),
    ("profile", [607.5, 317.0, 173.5, 44.0]),
];

fn check(screen: &Screen<'_>, width: f64, height: f64, safe: Insets, expected: &[(&str, [f64; 4])]) {
    screen.root.set_frame(rect(0.0, 0.0, width, height)).unwrap();
    screen.root.set_safe_area_insets(safe).unwrap();
    screen.root.layout_if_needed().unwrap();
    // The C program lists cells, avatars and texts post by post, then "cells": the same order
    // as `named` except that "cells" comes after the posts in both.
    assert_eq!(screen.named.len(), expected.len());
    for (&(name, view), &(expected_name, frame)) in screen.named.iter().zip(expected.iter()) {
        assert_eq!(name, expected_name);
        let got = view.frame_in_root().unwrap();
        assert_eq!([got.x, got.y, got.width, got.height], frame, "{} ({}x{})", name, width, height);
        assert!(!view.has_ambiguous_layout().unwrap(), "{} is ambiguous", name);
    }
    assert!(screen.root.broken_constraints().unwrap().is_empty());
}

#[test]
fn feed_screen_matches_the_c_demo() {
    let engine = Engine::new().unwrap();
    let conflicts = Rc::new(Cell::new(0));
    let screen = build(&engine, conflicts.clone());
    check(&screen, 390.0, 844.0, Insets { top: 47.0, left: 0.0, bottom: 34.0, right: 0.0 }, &PORTRAIT);
    check(&screen, 844.0, 390.0, Insets { top: 0.0, left: 47.0, bottom: 21.0, right: 47.0 }, &LANDSCAPE);
    assert_eq!(conflicts.get(), 0);
    let svg = screen.root.render_svg().unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{}", &svg[..40.min(svg.len())]);
    assert!(svg.contains("toolbar"));
}
