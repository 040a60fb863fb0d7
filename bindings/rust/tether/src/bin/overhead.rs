//! Per-call overhead of the safe binding beside the C API for the same work: make a root and
//! N subviews, activate 4 constraints per view, lay out, read every frame. "C API" calls the
//! tether-sys declarations directly (the C functions, no wrapper); "safe" goes through
//! tether::{Engine, View, Anchor, Constraint}. Prints a Markdown table.
//!
//!     cargo run --release --offline --bin overhead [-- VIEWS ROUNDS]     (make bench-rust)
use std::time::Instant;

use tether::sys;
use tether::{Engine, Item, Rect};

fn rect(width: f64, height: f64) -> Rect {
    Rect { x: 0.0, y: 0.0, width, height }
}

/// The work through the raw C API; returns (calls made, checksum of the frames).
fn raw(views: usize) -> (usize, f64) {
    let mut calls = 0;
    let mut sum = 0.0;
    unsafe {
        let mut engine = std::ptr::null_mut();
        assert_eq!(sys::tether_engine_new(&mut engine), 0);
        let mut root = 0;
        assert_eq!(sys::tether_view_new(engine, rect(1000.0, 1000.0), &mut root), 0);
        let name = b"v\0";
        let mut made: Vec<u64> = Vec::with_capacity(views * 4);
        let mut children = Vec::with_capacity(views);
        for i in 0..views {
            let mut child = 0;
            assert_eq!(sys::tether_view_new_subview(engine, root, name.as_ptr() as *const _, &mut child), 0);
            children.push(child);
            let specs = [
                (sys::TETHER_ATTRIBUTE_LEADING, root, sys::TETHER_ATTRIBUTE_LEADING, 1.0, (i % 100) as f64),
                (sys::TETHER_ATTRIBUTE_TOP, root, sys::TETHER_ATTRIBUTE_TOP, 1.0, (i / 100) as f64),
                (sys::TETHER_ATTRIBUTE_WIDTH, 0, sys::TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0.0, 10.0),
                (sys::TETHER_ATTRIBUTE_HEIGHT, 0, sys::TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE, 0.0, 10.0),
            ];
            for &(a1, item2, a2, m, c) in specs.iter() {
                let mut id = 0;
                assert_eq!(
                    sys::tether_layout_constraint_new(engine, child, a1, sys::TETHER_RELATION_EQUAL, item2, a2, m, c, 1000.0, &mut id),
                    0
                );
                made.push(id);
            }
            calls += 5;
        }
        assert_eq!(sys::tether_layout_constraint_activate(engine, made.as_mut_ptr(), made.len(), std::ptr::null_mut()), 0);
        assert_eq!(sys::tether_view_layout_if_needed(engine, root), 0);
        for &child in &children {
            let mut frame = Rect::default();
            assert_eq!(sys::tether_view_frame(engine, child, &mut frame), 0);
            sum += frame.x + frame.y;
        }
        calls += 2 + views;
        assert_eq!(sys::tether_engine_free(engine), 0);
    }
    (calls, sum)
}

/// The same work through the safe crate.
fn safe(views: usize) -> (usize, f64) {
    let mut calls = 0;
    let mut sum = 0.0;
    let engine = Engine::new().unwrap();
    let root = engine.view(rect(1000.0, 1000.0)).unwrap();
    let mut made = Vec::with_capacity(views * 4);
    let mut children = Vec::with_capacity(views);
    for i in 0..views {
        let child = root.subview("v").unwrap();
        made.push(child.leading().eq(root.leading() + (i % 100) as f64).unwrap());
        made.push(child.top().eq(root.top() + (i / 100) as f64).unwrap());
        made.push(child.width().eq_const(10.0).unwrap());
        made.push(child.height().eq_const(10.0).unwrap());
        children.push(child);
        calls += 5;
    }
    engine.activate(&made).unwrap();
    root.layout_if_needed().unwrap();
    for child in &children {
        let frame = child.frame().unwrap();
        sum += frame.x + frame.y;
    }
    calls += 2 + views;
    (calls, sum)
}

/// Best time (ms) and per-call time (ns) of each path, the two alternating round by round so
/// that a busy machine slows both alike; the checksums must agree.
fn measure(views: usize, rounds: usize) -> [(f64, f64); 2] {
    let paths: [fn(usize) -> (usize, f64); 2] = [raw, safe];
    let mut best = [f64::INFINITY; 2];
    let mut calls = 0;
    for round in 0..rounds + 1 {
        let mut sums = [0.0; 2];
        for (i, path) in paths.iter().enumerate() {
            let start = Instant::now();
            let (c, sum) = path(views);
            let seconds = start.elapsed().as_secs_f64();
            if round > 0 {
                best[i] = best[i].min(seconds); // round 0 warms up
            }
            calls = c;
            sums[i] = sum;
        }
        assert_eq!(sums[0], sums[1], "both paths lay out the same frames");
    }
    [(best[0] * 1e3, best[0] * 1e9 / calls as f64), (best[1] * 1e3, best[1] * 1e9 / calls as f64)]
}

/// One cheap call repeated: read a view's frame `reads` times, raw then safe; ns per call each.
fn frame_reads(reads: usize, rounds: usize) -> (f64, f64) {
    let engine = Engine::new().unwrap();
    let root = engine.view(rect(100.0, 100.0)).unwrap();
    let raw_engine = engine.as_raw();
    let (mut raw_best, mut safe_best) = (f64::INFINITY, f64::INFINITY);
    let mut sum = 0.0;
    for _ in 0..rounds + 1 {
        let start = Instant::now();
        for _ in 0..reads {
            let mut frame = Rect::default();
            let status = unsafe { sys::tether_view_frame(raw_engine, root.id(), &mut frame) };
            assert_eq!(status, 0);
            sum += frame.width;
        }
        raw_best = raw_best.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        for _ in 0..reads {
            sum += root.frame().unwrap().width;
        }
        safe_best = safe_best.min(start.elapsed().as_secs_f64());
    }
    assert!(sum > 0.0);
    (raw_best * 1e9 / reads as f64, safe_best * 1e9 / reads as f64)
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let views = args.first().copied().unwrap_or(1000);
    let rounds = args.get(1).copied().unwrap_or(20);
    let [(raw_ms, raw_ns), (safe_ms, safe_ns)] = measure(views, rounds);
    println!("{} views, {} constraints, {} calls; best of {} rounds", views, views * 4, 5 * views + 2 + views, rounds);
    println!();
    println!("| path | total (ms) | per call (ns) |");
    println!("|---|---:|---:|");
    println!("| C API (tether-sys, no wrapper) | {:.2} | {:.0} |", raw_ms, raw_ns);
    println!("| safe crate (tether) | {:.2} | {:.0} |", safe_ms, safe_ns);
    println!("| overhead | {:+.2} | {:+.0} ({:+.1} %) |", safe_ms - raw_ms, safe_ns - raw_ns, (safe_ms / raw_ms - 1.0) * 100.0);
    let reads = 100_000;
    let (raw_read, safe_read) = frame_reads(reads, rounds);
    println!();
    println!("One call alone: `frame()` of a laid-out view, {} reads, best of {} rounds", reads, rounds);
    println!();
    println!("| path | per call (ns) |");
    println!("|---|---:|");
    println!("| C API (tether_view_frame) | {:.1} |", raw_read);
    println!("| safe crate (View::frame) | {:.1} |", safe_read);
    println!("| overhead | {:+.1} |", safe_read - raw_read);
}
