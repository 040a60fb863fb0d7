//! Animation blocks: presentation frames along the curves, the clock, completions (exactly
//! once, finished or not), the guard, bad input.
use std::cell::Cell;
use std::rc::Rc;

use tether::{
    animate, animate_with_completion, commit_animations, inherited_animation_duration,
    open_animation_blocks, perform_without_animation, AnimationBlock, AnimationCurve,
    AnimationOptions, Constraint, Engine, ErrorKind, Item, Rect, View,
};

fn rect(x: f64, y: f64, width: f64, height: f64) -> Rect {
    Rect { x, y, width, height }
}

/// One coordinate of a cubic Bézier from (0, 0) to (1, 1) with control values a and b.
fn bezier(a: f64, b: f64, s: f64) -> f64 {
    let r = 1.0 - s;
    3.0 * r * r * s * a + 3.0 * r * s * s * b + s * s * s
}

/// Core Animation's timing function (x1, y1, x2, y2) at time fraction t: the curve's parameter
/// where x = t, by bisection (x grows with the parameter on [0, 1]), then y there.
fn timing(x1: f64, y1: f64, x2: f64, y2: f64, t: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if bezier(x1, x2, mid) < t {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    bezier(y1, y2, (lo + hi) / 2.0)
}

fn ease_in_out(t: f64) -> f64 {
    timing(0.42, 0.0, 0.58, 1.0, t)
}

fn close(actual: f64, expected: f64) -> bool {
    (actual - expected).abs() <= 1e-9 * expected.abs().max(1.0)
}

/// A root with one box pinned `leading` from its leading edge, laid out once (not animated).
struct Moving<'e> {
    engine: &'e Engine,
    root: View<'e>,
    boxed: View<'e>,
    leading: Constraint<'e>,
}

impl<'e> Moving<'e> {
    fn new(engine: &'e Engine) -> Moving<'e> {
        let root = engine.view(rect(0.0, 0.0, 400.0, 300.0)).unwrap();
        let boxed = root.subview("box").unwrap();
        let leading = boxed.leading().eq(root.leading()).unwrap();
        engine
            .activate(&[
                leading,
                boxed.top().eq(root.top() + 10.0).unwrap(),
                boxed.width().eq_const(100.0).unwrap(),
                boxed.height().eq_const(50.0).unwrap(),
            ])
            .unwrap();
        root.layout_if_needed().unwrap();
        Moving { engine, root, boxed, leading }
    }
    /// The change an animation block animates: the box to x = `to`, laid out.
    fn change(&self, to: f64) {
        self.leading.set_constant(to).unwrap();
        self.root.layout_if_needed().unwrap();
    }
    fn x(&self) -> f64 {
        self.boxed.presentation_frame().unwrap().x
    }
}

/// How often a completion ran and what it got last.
#[derive(Clone, Default)]
struct Calls {
    count: Rc<Cell<u32>>,
    finished: Rc<Cell<Option<bool>>>,
}

impl Calls {
    fn completion(&self) -> impl FnOnce(bool) + 'static {
        let calls = self.clone();
        move |finished| {
            calls.count.set(calls.count.get() + 1);
            calls.finished.set(Some(finished));
        }
    }
    fn count(&self) -> u32 {
        self.count.get()
    }
    fn finished(&self) -> Option<bool> {
        self.finished.get()
    }
}

#[test]
fn the_timing_function_of_the_tests_is_core_animations() {
    assert!(close(ease_in_out(0.5), 0.5));
    assert!(close(timing(0.0, 0.0, 1.0, 1.0, 0.3), 0.3));
    assert!((ease_in_out(0.25) - 0.129162).abs() < 1e-6);
}

#[test]
fn ease_in_out_follows_the_cubic_bezier() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    animate(&AnimationOptions::new().duration(2.0), || m.change(200.0)).unwrap();
    // The model frame is the new one at once; the box is shown where it was.
    assert_eq!(m.boxed.frame().unwrap().x, 200.0);
    assert_eq!(m.x(), 0.0);
    assert!(m.boxed.is_animating().unwrap());
    assert!(engine.has_running_animations().unwrap());
    assert!(close(m.boxed.animation_end_time().unwrap(), 2.0));

    engine.advance(0.5).unwrap(); // a quarter of the way in time
    assert_eq!(engine.clock().unwrap(), 0.5);
    let expected = 200.0 * ease_in_out(0.25);
    let shown = m.boxed.presentation_frame().unwrap();
    assert!(close(shown.x, expected), "{} != {}", shown.x, expected);
    assert!(shown.x < 50.0, "slower than linear at the start");
    assert_eq!((shown.y, shown.width, shown.height), (10.0, 100.0, 50.0));
    // Ahead of the clock, and in the root's bounds.
    assert!(close(m.boxed.presentation_frame_at(1.5).unwrap().x, 200.0 * ease_in_out(0.75)));
    let in_root = m.boxed.presentation_frame_in(&m.root).unwrap();
    assert!(close(in_root.x, expected));
    assert_eq!(in_root.y, 10.0);
    let frames = m.root.subtree_presentation_frames().unwrap();
    assert_eq!(frames.len(), 2);
    assert_eq!(frames[0].0, m.root.id());
    assert_eq!(frames[1].0, m.boxed.id());
    assert!(close(frames[1].1.x, expected));

    engine.set_clock(2.0).unwrap();
    assert_eq!(m.x(), 200.0);
    assert!(!m.boxed.is_animating().unwrap());
    assert!(!m.engine.has_running_animations().unwrap());
}

#[test]
fn linear_gives_the_exact_midpoint_and_a_constant_velocity() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let options = AnimationOptions::new().duration(1.0).curve(AnimationCurve::Linear);
    animate(&options, || m.change(200.0)).unwrap();
    engine.advance(0.5).unwrap();
    assert_eq!(m.x(), 100.0);
    assert_eq!(m.boxed.presentation_frame_at(0.25).unwrap().x, 50.0);
    let velocity = m.boxed.presentation_velocity().unwrap();
    assert!(close(velocity.x, 200.0), "{:?}", velocity);
    assert_eq!((velocity.y, velocity.width, velocity.height), (0.0, 0.0, 0.0));
}

#[test]
fn the_completion_runs_once_finished_after_the_end() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let calls = Calls::default();
    animate_with_completion(&AnimationOptions::new().duration(1.0), || m.change(120.0), calls.completion())
        .unwrap();
    engine.advance(0.5).unwrap();
    assert_eq!(calls.count(), 0);
    engine.advance(0.6).unwrap();
    assert_eq!(calls.count(), 1);
    assert_eq!(calls.finished(), Some(true));
    engine.advance(5.0).unwrap();
    assert_eq!(calls.count(), 1);
    // The boxed closure was dropped after its call: only this test's handle is left.
    assert_eq!(Rc::strong_count(&calls.count), 1);
}

#[test]
fn a_delay_shows_the_old_frame_then_moves() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let options = AnimationOptions::new().duration(1.0).delay(0.5).curve(AnimationCurve::Linear);
    animate(&options, || m.change(100.0)).unwrap();
    engine.advance(0.4).unwrap();
    assert_eq!(m.x(), 0.0);
    engine.advance(0.6).unwrap(); // 0.5 s into the animation
    assert_eq!(m.x(), 50.0);
}

#[test]
fn a_freed_view_stops_its_animation_unfinished() {
    let engine = Engine::new().unwrap();
    let calls = Calls::default();
    let root = engine.view(rect(0.0, 0.0, 100.0, 100.0)).unwrap();
    let options = AnimationOptions::new().duration(1.0);
    animate_with_completion(&options, || root.set_frame(rect(50.0, 0.0, 100.0, 100.0)).unwrap(), calls.completion())
        .unwrap();
    assert!(root.is_animating().unwrap());
    root.free().unwrap();
    engine.advance(0.1).unwrap();
    assert_eq!(calls.count(), 1);
    assert_eq!(calls.finished(), Some(false));
    engine.advance(2.0).unwrap();
    assert_eq!(calls.count(), 1);
}

#[test]
fn remove_all_animations_shows_the_model_and_completes_unfinished() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let calls = Calls::default();
    let options = AnimationOptions::new().duration(1.0);
    animate_with_completion(&options, || m.change(200.0), calls.completion()).unwrap();
    engine.advance(0.25).unwrap();
    m.boxed.remove_all_animations().unwrap();
    assert_eq!(m.x(), 200.0);
    assert!(!m.boxed.is_animating().unwrap());
    engine.advance(0.0).unwrap();
    assert_eq!((calls.count(), calls.finished()), (1, Some(false)));

    let again = Calls::default();
    animate_with_completion(&options, || m.change(0.0), again.completion()).unwrap();
    engine.remove_all_animations().unwrap();
    engine.advance(0.0).unwrap();
    assert_eq!((again.count(), again.finished()), (1, Some(false)));
}

#[test]
fn dropping_the_engine_runs_the_completions_it_stops_once_unfinished() {
    let calls = Calls::default();
    {
        let engine = Engine::new().unwrap();
        let m = Moving::new(&engine);
        animate_with_completion(&AnimationOptions::new().duration(1.0), || m.change(200.0), calls.completion())
            .unwrap();
        engine.advance(0.5).unwrap();
        assert_eq!(calls.count(), 0);
    }
    assert_eq!((calls.count(), calls.finished()), (1, Some(false)));
    assert_eq!(Rc::strong_count(&calls.count), 1);
}

#[test]
fn zero_duration_changes_at_once_and_completes_in_the_commit() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let calls = Calls::default();
    animate_with_completion(
        &AnimationOptions::new(),
        || {
            m.change(80.0);
            assert_eq!(calls.count(), 0);
        },
        calls.completion(),
    )
    .unwrap();
    assert_eq!((calls.count(), calls.finished()), (1, Some(true)));
    assert_eq!(m.x(), 80.0);
    assert!(!m.boxed.is_animating().unwrap());
    assert!(!engine.has_running_animations().unwrap());
}

#[test]
fn without_animation_even_inside_an_animation_block() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    animate(&AnimationOptions::new().duration(1.0), || {
        assert_eq!(inherited_animation_duration().unwrap(), 1.0);
        perform_without_animation(|| {
            assert_eq!(open_animation_blocks().unwrap(), 2);
            assert_eq!(inherited_animation_duration().unwrap(), 0.0);
            m.change(60.0);
        })
        .unwrap();
    })
    .unwrap();
    assert_eq!(open_animation_blocks().unwrap(), 0);
    assert_eq!(m.x(), 60.0);
    assert!(!m.boxed.is_animating().unwrap());
}

#[test]
fn nested_blocks_inherit_the_duration_unless_they_override_it() {
    animate(&AnimationOptions::new().duration(1.0), || {
        animate(&AnimationOptions::new().duration(3.0), || {
            assert_eq!(inherited_animation_duration().unwrap(), 1.0);
        })
        .unwrap();
        let own = AnimationOptions::new().duration(3.0).override_inherited_duration(true);
        animate(&own, || assert_eq!(inherited_animation_duration().unwrap(), 3.0)).unwrap();
    })
    .unwrap();
}

#[test]
fn a_spring_with_little_damping_overshoots_a_curve_does_not() {
    let furthest = |options: AnimationOptions| {
        let engine = Engine::new().unwrap();
        let m = Moving::new(&engine);
        animate(&options, || m.change(200.0)).unwrap();
        let most = (1..=100)
            .map(|i| m.boxed.presentation_frame_at(i as f64 * 0.01).unwrap().x)
            .fold(0.0, f64::max);
        let end = m.boxed.animation_end_time().unwrap();
        assert!(close(m.boxed.presentation_frame_at(end).unwrap().x, 200.0));
        most
    };
    let springy = AnimationOptions::new().duration(1.0).spring(0.2, 0.0);
    assert!(furthest(springy) > 210.0);
    assert!(close(furthest(AnimationOptions::new().duration(1.0)), 200.0));
    // curve() after spring() moves along the curve again.
    assert!(close(furthest(springy.curve(AnimationCurve::EaseOut)), 200.0));
}

#[test]
fn the_guard_commits_when_dropped_or_at_commit() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let calls = Calls::default();
    {
        let options = AnimationOptions::new().duration(1.0).curve(AnimationCurve::Linear);
        let _block = AnimationBlock::begin_with_completion(&options, calls.completion()).unwrap();
        assert_eq!(open_animation_blocks().unwrap(), 1);
        m.change(100.0);
    }
    assert_eq!(open_animation_blocks().unwrap(), 0);
    engine.advance(0.5).unwrap();
    assert_eq!(m.x(), 50.0);
    engine.advance(0.5).unwrap();
    assert_eq!((calls.count(), calls.finished()), (1, Some(true)));

    let block = AnimationBlock::begin(&AnimationOptions::new().duration(1.0)).unwrap();
    assert_eq!(open_animation_blocks().unwrap(), 1);
    block.commit().unwrap();
    assert_eq!(open_animation_blocks().unwrap(), 0);
}

#[test]
fn a_panicking_body_still_closes_the_block() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let value = animate(&AnimationOptions::new().duration(1.0), || 42).unwrap();
    assert_eq!(value, 42);
    let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        animate(&AnimationOptions::new().duration(1.0), || {
            m.change(30.0);
            panic!("body failed");
        })
    }));
    assert!(unwound.is_err());
    assert_eq!(open_animation_blocks().unwrap(), 0);
    assert!(m.boxed.is_animating().unwrap()); // what the body changed before it panicked animates
}

#[test]
fn a_panicking_completion_fails_the_call_that_ran_it_and_the_others_still_run() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let options = AnimationOptions::new().duration(1.0);
    animate_with_completion(&options, || m.change(50.0), |_| panic!("completion failed")).unwrap();
    let other = m.root.subview("other").unwrap();
    let calls = Calls::default();
    animate_with_completion(&options, || other.set_frame(rect(0.0, 0.0, 10.0, 10.0)).unwrap(), calls.completion())
        .unwrap();
    let error = engine.advance(2.0).unwrap_err();
    assert_eq!(error.kind, ErrorKind::CallbackFailed);
    assert!(error.message.contains("completion failed"), "{}", error.message);
    assert_eq!(engine.clock().unwrap(), 2.0); // the clock moved all the same
    assert_eq!(calls.count(), 1);
    engine.advance(1.0).unwrap(); // nothing left to report
    assert_eq!(calls.count(), 1);

    // In a commit (a block that animated nothing), likewise; the block is closed.
    let error = animate_with_completion(&AnimationOptions::new(), || (), |_| panic!("at once")).unwrap_err();
    assert_eq!(error.kind, ErrorKind::CallbackFailed);
    assert_eq!(error.message, "an animation completion panicked: at once");
    assert_eq!(open_animation_blocks().unwrap(), 0);
}

#[test]
fn bad_input_gives_tethers_message_and_the_engine_stays_usable() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    let calls = Calls::default();

    // A negative duration: nothing opens, the body does not run, the completion is dropped.
    let error = animate_with_completion(
        &AnimationOptions::new().duration(-1.0),
        || panic!("the body ran"),
        calls.completion(),
    )
    .unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("duration"), "{}", error.message);
    println!("negative duration: {}", error);
    assert_eq!(open_animation_blocks().unwrap(), 0);
    assert_eq!(calls.count(), 0);
    assert_eq!(Rc::strong_count(&calls.count), 1);
    let nan = f64::NAN;
    for options in [
        AnimationOptions::new().duration(1.0).delay(nan),
        AnimationOptions::new().duration(1.0).spring(0.0, 0.0),
        AnimationOptions::new().duration(f64::INFINITY),
    ] {
        let error = AnimationBlock::begin(&options).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument, "{:?}", options);
        assert!(!error.message.is_empty());
    }
    assert_eq!(open_animation_blocks().unwrap(), 0);

    // The clock only moves forward.
    engine.set_clock(5.0).unwrap();
    let error = engine.set_clock(2.0).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("forward"), "{}", error.message);
    println!("clock backwards: {}", error);
    assert_eq!(engine.advance(-0.5).unwrap_err().kind, ErrorKind::InvalidArgument);
    assert_eq!(engine.advance(nan).unwrap_err().kind, ErrorKind::InvalidArgument);
    assert_eq!(engine.clock().unwrap(), 5.0);

    // A commit with no block open.
    let error = commit_animations().unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidState);
    assert!(error.message.contains("no animation block is open"), "{}", error.message);
    println!("commit without begin: {}", error);

    // A presentation frame in a view that is not an ancestor; a freed view.
    let other = m.root.subview("other").unwrap();
    assert_eq!(m.boxed.presentation_frame_in(&other).unwrap_err().kind, ErrorKind::InvalidState);
    let gone = engine.view(rect(0.0, 0.0, 1.0, 1.0)).unwrap();
    gone.free().unwrap();
    assert_eq!(gone.presentation_frame().unwrap_err().kind, ErrorKind::InvalidId);

    // Still usable: an animation from clock 5.
    let options = AnimationOptions::new().duration(1.0).curve(AnimationCurve::Linear);
    animate_with_completion(&options, || m.change(100.0), calls.completion()).unwrap();
    engine.advance(0.5).unwrap();
    assert_eq!(m.x(), 50.0);
    engine.advance(0.5).unwrap();
    assert_eq!((calls.count(), calls.finished()), (1, Some(true)));
}

#[test]
fn options_map_to_the_c_structure() {
    let raw = AnimationOptions::new().to_raw();
    assert_eq!(raw.struct_size as usize, std::mem::size_of::<tether::sys::tether_animation_options>());
    assert_eq!((raw.flags, raw.duration, raw.delay, raw.curve), (0, 0.0, 0.0, 0));
    let raw = AnimationOptions::new()
        .duration(0.3)
        .spring(0.5, 2.0)
        .override_inherited_duration(true)
        .override_inherited_curve(true)
        .to_raw();
    assert_eq!(raw.flags, tether::sys::TETHER_ANIMATION_ALL_FLAGS as u32);
    assert_eq!((raw.spring_damping, raw.initial_velocity), (0.5, 2.0));
    let raw = AnimationOptions::new().spring(0.5, 2.0).curve(AnimationCurve::EaseOut).to_raw();
    assert_eq!(raw.flags, 0);
    assert_eq!(raw.curve, tether::sys::TETHER_ANIMATION_CURVE_EASE_OUT);
    assert_eq!(AnimationCurve::Linear as i32, tether::sys::TETHER_ANIMATION_CURVE_LINEAR);
}
