//! Errors, the engine staying usable after them, drops, VFL, autoresizing masks, documents and
//! the solver's round trip.
use std::cell::Cell;
use std::rc::Rc;

use tether::{autoresizing, Engine, ErrorKind, Item, Measurement, Rect, Size, Solver};

fn rect(x: f64, y: f64, width: f64, height: f64) -> Rect {
    Rect { x, y, width, height }
}

#[test]
fn bad_input_gives_tethers_message_and_the_engine_stays_usable() {
    let engine = Engine::new().unwrap();
    let root = engine.view(rect(0.0, 0.0, 100.0, 100.0)).unwrap();
    let child = root.subview("child").unwrap();

    // Mixed axes: Tether refuses with its message.
    let error = child.leading().eq(root.top()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(!error.message.is_empty());
    assert!(error.to_string().contains(&error.message));

    // A visual format that does not parse: Apple's message and the caret's column.
    let error = engine.visual_format("H:|-[child", 0, &[], &[("child", &child)]).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Parse);
    assert!(error.message.contains("Unable to parse constraint format"), "{}", error.message);
    assert!(error.position.is_some());

    // A dead view: InvalidId.
    let doomed = engine.view(Rect::default()).unwrap();
    doomed.free().unwrap();
    let error = engine.view_with_id(doomed.id()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidId);

    // A string with a NUL byte never reaches C.
    assert_eq!(child.set_identifier("a\0b").unwrap_err().kind, ErrorKind::InvalidArgument);

    // A layout document that is not JSON.
    assert_eq!(engine.load_document("{not json").unwrap_err().kind, ErrorKind::Parse);

    // Still usable: VFL, layout, frames.
    let made = engine
        .visual_format("H:|-(m)-[child]-(m)-|", 0, &[("m", 10.0)], &[("child", &child)])
        .unwrap();
    assert_eq!(made.len(), 2);
    engine.activate(&made).unwrap();
    let vertical = engine.visual_format("V:|[child(20)]", 0, &[], &[("child", &child)]).unwrap();
    engine.activate(&vertical).unwrap();
    root.layout_if_needed().unwrap();
    assert_eq!(child.frame().unwrap(), rect(10.0, 0.0, 80.0, 20.0));
    assert!(!child.has_ambiguous_layout().unwrap());
    assert!(made[0].description().unwrap().contains("child"));
}

#[test]
fn a_failing_or_panicking_measure_closure_fails_the_pass() {
    let engine = Engine::new().unwrap();
    let root = engine.view(rect(0.0, 0.0, 100.0, 100.0)).unwrap();
    let text = root.subview("text").unwrap();
    text.set_measured(true).unwrap();
    engine.activate(&[text.leading().eq(root.leading()).unwrap(), text.top().eq(root.top()).unwrap()]).unwrap();
    engine.set_measure(|_, _| None).unwrap();
    assert_eq!(root.layout_if_needed().unwrap_err().kind, ErrorKind::CallbackFailed);
    engine.set_measure(|_, _| panic!("measure panics")).unwrap();
    assert_eq!(root.layout_if_needed().unwrap_err().kind, ErrorKind::CallbackFailed);
    engine
        .set_measure(|_, _| Some(Measurement { width: 30.0, height: 12.0, first_baseline: f64::NAN, last_baseline: f64::NAN }))
        .unwrap();
    root.layout_if_needed().unwrap();
    assert_eq!(text.frame().unwrap(), rect(0.0, 0.0, 30.0, 12.0));
}

struct DropCounter(Rc<Cell<usize>>);
impl Drop for DropCounter {
    fn drop(&mut self) {
        self.0.set(self.0.get() + 1);
    }
}

#[test]
fn dropping_the_engine_frees_it_and_its_closures_once() {
    let drops = Rc::new(Cell::new(0));
    for _ in 0..3 {
        let engine = Engine::new().unwrap();
        let counter = DropCounter(drops.clone());
        engine.set_measure(move |_, _| { let _ = &counter; None }).unwrap();
        let counter = DropCounter(drops.clone());
        engine.set_diagnostic_handler(move |_| { let _ = &counter; }).unwrap();
        let root = engine.view(rect(0.0, 0.0, 10.0, 10.0)).unwrap();
        root.subview("a").unwrap();
        // A replaced closure is kept until the engine goes, then dropped once.
        let counter = DropCounter(drops.clone());
        engine.set_measure(move |_, _| { let _ = &counter; None }).unwrap();
        assert_eq!(drops.get() % 3, 0);
    }
    assert_eq!(drops.get(), 9);
}

#[test]
fn autoresizing_masks_and_intrinsic_sizes() {
    let engine = Engine::new().unwrap();
    let root = engine.view(rect(0.0, 0.0, 200.0, 100.0)).unwrap();
    let child = engine.view(rect(10.0, 10.0, 180.0, 80.0)).unwrap();
    root.add_subview(&child).unwrap();
    child.set_autoresizing_mask(autoresizing::FLEXIBLE_WIDTH | autoresizing::FLEXIBLE_HEIGHT).unwrap();
    assert_eq!(child.autoresizing_mask().unwrap(), autoresizing::FLEXIBLE_WIDTH | autoresizing::FLEXIBLE_HEIGHT);
    root.set_frame(rect(0.0, 0.0, 300.0, 200.0)).unwrap();
    root.layout_if_needed().unwrap();
    assert_eq!(child.frame().unwrap(), rect(10.0, 10.0, 280.0, 180.0));
    child.set_intrinsic_content_size(Size { width: 5.0, height: 6.0 }).unwrap();
    assert_eq!(child.intrinsic_content_size().unwrap(), Size { width: 5.0, height: 6.0 });
    assert_eq!(root.subviews().unwrap(), vec![child]);
    assert_eq!(child.superview().unwrap(), Some(root));
}

#[test]
fn right_to_left_by_the_engines_default_direction() {
    use tether::sys::{TETHER_LAYOUT_DIRECTION_LEFT_TO_RIGHT, TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT};
    let engine = Engine::new().unwrap();
    let root = engine.view(rect(0.0, 0.0, 200.0, 100.0)).unwrap();
    let child = root.subview("child").unwrap();
    let made = [
        child.leading().eq(root.leading() + 10.0).unwrap(),
        child.top().eq(root.top()).unwrap(),
        child.width().eq_const(50.0).unwrap(),
        child.height().eq_const(20.0).unwrap(),
    ];
    engine.activate(&made).unwrap();
    assert_eq!(child.effective_layout_direction().unwrap(), TETHER_LAYOUT_DIRECTION_LEFT_TO_RIGHT);
    root.layout_if_needed().unwrap();
    assert_eq!(child.frame().unwrap().x, 10.0);
    engine.set_default_direction(TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT).unwrap();
    assert_eq!(child.effective_layout_direction().unwrap(), TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT);
    root.layout_if_needed().unwrap();
    assert_eq!(child.frame().unwrap().x, 140.0); // 200 - 10 - 50: leading is the right edge
    let error = engine.set_default_direction(7).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert_eq!(child.effective_layout_direction().unwrap(), TETHER_LAYOUT_DIRECTION_RIGHT_TO_LEFT);
}

#[test]
fn conflicts_are_reported_and_listed() {
    let engine = Engine::new().unwrap();
    let reports = Rc::new(Cell::new(0));
    let seen = reports.clone();
    engine.set_diagnostic_handler(move |message| { assert!(!message.is_empty()); seen.set(seen.get() + 1); }).unwrap();
    let root = engine.view(rect(0.0, 0.0, 100.0, 100.0)).unwrap();
    let child = root.subview("child").unwrap();
    engine
        .activate(&[
            child.width().eq_const(10.0).unwrap(),
            child.width().eq_const(20.0).unwrap(),
            child.height().eq_const(5.0).unwrap(),
            child.leading().eq(root.leading()).unwrap(),
            child.top().eq(root.top()).unwrap(),
        ])
        .unwrap();
    root.layout_if_needed().unwrap();
    assert_eq!(reports.get(), 1);
    assert_eq!(root.broken_constraints().unwrap().len(), 1);
}

#[test]
fn layout_documents_round_trip() {
    let engine = Engine::new().unwrap();
    let root = engine.view(rect(0.0, 0.0, 120.0, 80.0)).unwrap();
    root.set_identifier("root").unwrap();
    let child = root.subview("child").unwrap();
    engine
        .activate(&[
            child.leading().eq(root.leading() + 4.0).unwrap(),
            child.trailing().eq(root.trailing() - 4.0).unwrap(),
            child.top().eq(root.top() + 4.0).unwrap(),
            child.height().eq(root.height() * 0.5).unwrap(),
        ])
        .unwrap();
    let json = root.save_document().unwrap();
    let other = Engine::new().unwrap();
    let roots = other.load_document(&json).unwrap();
    assert_eq!(roots.len(), 1);
    roots[0].layout_if_needed().unwrap();
    let loaded = roots[0].subviews().unwrap()[0];
    assert_eq!(loaded.identifier().unwrap(), "child");
    assert_eq!(loaded.frame().unwrap(), rect(4.0, 4.0, 112.0, 40.0));
}

#[test]
fn solver_round_trip() {
    let solver = Solver::new().unwrap();
    let left = solver.variable("left").unwrap();
    let width = solver.variable("width").unwrap();
    let right = solver.variable("right").unwrap();
    solver.add(right.eq(left + width), 1000.0).unwrap();
    solver.add(left.ge(0.0), 1000.0).unwrap();
    solver.add(width.ge(10.0), 1000.0).unwrap();
    solver.add((2.0 * width).eq(left * 1.0 + 100.0), 10.0).unwrap();
    solver.add_edit(left, 500.0).unwrap();
    solver.suggest(left, 20.0).unwrap();
    solver.update().unwrap();
    assert_eq!(left.value().unwrap(), 20.0);
    assert_eq!(width.value().unwrap(), 60.0);
    assert_eq!(right.value().unwrap(), 80.0);
    assert_eq!(left.name().unwrap(), "left");

    // A required constraint that conflicts is refused, with a message, and not kept.
    let error = solver.add(width.le(5.0), 1000.0).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Unsatisfiable);
    assert!(!error.message.is_empty());
    solver.suggest(left, 40.0).unwrap();
    solver.update().unwrap();
    assert_eq!(right.value().unwrap(), 40.0 + 70.0);
    assert!(solver.dump().unwrap().contains("width"));
}

#[test]
fn a_handle_of_another_engine_is_refused() {
    let first = Engine::new().unwrap();
    let second = Engine::new().unwrap();
    let a = first.view(rect(0.0, 0.0, 10.0, 10.0)).unwrap();
    let b = second.view(rect(0.0, 0.0, 10.0, 10.0)).unwrap();
    let error = a.leading().eq(b.leading()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidId);
    assert_eq!(a.add_subview(&b).unwrap_err().kind, ErrorKind::InvalidId);
    assert_eq!(a.frame().unwrap(), rect(0.0, 0.0, 10.0, 10.0));
}

#[test]
fn equations_guides_stacks_and_fitting_sizes() {
    let engine = Engine::new().unwrap();
    let root = engine.view(rect(0.0, 0.0, 200.0, 100.0)).unwrap();
    let child = root.subview("child").unwrap();
    let guide = engine.guide().unwrap();
    root.add_layout_guide(&guide).unwrap();
    let made = engine
        .equations(
            "guide.leading == root.leading + m; guide.trailing == root.trailing - m\n\
             guide.top == root.top; guide.height == 10\n\
             child.leading == guide.leading; child.width == guide.width / 2; child.top == guide.bottom; child.height == 20 @ 750",
            &[("m", 10.0)],
            &[("root", &root), ("guide", &guide), ("child", &child)],
        )
        .unwrap();
    assert_eq!(made.len(), 8);
    engine.activate(&made).unwrap();
    root.layout_if_needed().unwrap();
    assert_eq!(guide.layout_frame().unwrap(), rect(10.0, 0.0, 180.0, 10.0));
    assert_eq!(child.frame().unwrap(), rect(10.0, 10.0, 90.0, 20.0));
    assert_eq!(made[7].info().unwrap().priority, 750.0);
    let error = engine.equations("child.top == width", &[], &[("child", &child)]).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Parse);
    assert!(error.message.contains("Unable to parse constraint equation"), "{}", error.message);

    let stack = engine.stack_view(Rect::default()).unwrap();
    let item = engine.view(Rect::default()).unwrap();
    item.set_intrinsic_content_size(Size { width: 30.0, height: 12.0 }).unwrap();
    stack.add_arranged_subview(&item).unwrap();
    assert_eq!(stack.arranged_subviews().unwrap(), vec![item]);
    let fitting = stack
        .system_layout_size_fitting(Size::default(), tether::priority::FITTING_SIZE, tether::priority::FITTING_SIZE)
        .unwrap();
    assert_eq!(fitting, Size { width: 30.0, height: 12.0 });

    engine.set_display_scale(2.0).unwrap();
    assert_eq!(engine.display_scale().unwrap(), 2.0);
}
