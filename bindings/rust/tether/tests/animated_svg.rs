//! Animations as SVG: sample times, stills at a clock time, the animated document (SMIL
//! <animate>, repeat), the file, the frame sequence, and bad rates and repeat counts.
use tether::{
    animate, AnimationCurve, AnimationOptions, Constraint, Engine, ErrorKind, Item, Rect, Repeat,
    SvgOptions, View,
};

/// The clock when the animation starts: not 0, so that "from the clock" is visible.
const START: f64 = 2.0;

/// A 100x50 box in a 400x300 root, moved from x = 0 to x = 200 by a linear 1 s animation that
/// starts at clock time START.
struct Moving<'e> {
    engine: &'e Engine,
    root: View<'e>,
    boxed: View<'e>,
    leading: Constraint<'e>,
}

impl<'e> Moving<'e> {
    fn new(engine: &'e Engine) -> Moving<'e> {
        let root = engine.view(Rect { x: 0.0, y: 0.0, width: 400.0, height: 300.0 }).unwrap();
        root.set_identifier("root").unwrap();
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
        engine.set_clock(START).unwrap();
        Moving { engine, root, boxed, leading }
    }
    fn animated(engine: &'e Engine) -> Moving<'e> {
        let m = Moving::new(engine);
        m.animate(AnimationCurve::Linear, 200.0);
        m
    }
    fn animate(&self, curve: AnimationCurve, to: f64) {
        let options = AnimationOptions::new().duration(1.0).curve(curve);
        animate(&options, || {
            self.leading.set_constant(to).unwrap();
            self.root.layout_if_needed().unwrap();
        })
        .unwrap();
    }
}

/// The value of attribute `name` in `text` (the first one after its start).
fn attribute<'t>(text: &'t str, name: &str) -> &'t str {
    let key = format!(" {}=\"", name);
    let start = text.find(&key).unwrap_or_else(|| panic!("no {} in {}", name, text)) + key.len();
    let length = text[start..].find('"').unwrap();
    &text[start..start + length]
}

fn number(text: &str) -> f64 {
    text.parse().unwrap_or_else(|_| panic!("not a number: {:?}", text))
}

/// The line of `document` that draws the view's rect (its <title> names its identifier).
fn rect_line<'t>(document: &'t str, view: &View<'_>) -> &'t str {
    let name = format!("identifier = &apos;{}&apos;&gt;</title>", view.identifier().unwrap());
    let lines: Vec<&str> =
        document.lines().filter(|line| line.starts_with("<rect class=\"view\"") && line.contains(&name)).collect();
    assert_eq!(lines.len(), 1, "one rect of view {:?} in\n{}", name, document);
    lines[0]
}

/// The rect the document draws for the view.
fn drawn(document: &str, view: &View<'_>) -> Rect {
    let line = rect_line(document, view);
    let rect = &line[..line.find('>').unwrap()]; // the rect's own attributes, not its animations
    Rect {
        x: number(attribute(rect, "x")),
        y: number(attribute(rect, "y")),
        width: number(attribute(rect, "width")),
        height: number(attribute(rect, "height")),
    }
}

/// The values of the view rect's <animate> of `name`, None when it has none.
fn animated_values(document: &str, view: &View<'_>, name: &str) -> Option<Vec<f64>> {
    let line = rect_line(document, view);
    let start = line.find(&format!("<animate attributeName=\"{}\"", name))?;
    let animation = &line[start..start + line[start..].find("/>").unwrap()];
    Some(attribute(animation, "values").split(';').map(number).collect())
}

/// The document writes numbers with at most three decimals (docs/rendering.md: `60`, not
/// `59.99999999999997`; `37.479`): equal to that rounding.
fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.0005 + 1e-9
}

fn assert_near(shown: Rect, expected: Rect, context: &str) {
    assert!(
        near(shown.x, expected.x) && near(shown.y, expected.y) && near(shown.width, expected.width)
            && near(shown.height, expected.height),
        "{}: drawn {:?}, expected {:?}",
        context,
        shown,
        expected
    );
}

fn temporary(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tether-rust-{}-{}", std::process::id(), name))
}

#[test]
fn sample_times_run_from_the_clock_to_the_end_of_the_animation() {
    let engine = Engine::new().unwrap();
    let m = Moving::new(&engine);
    // Nothing animates: the clock alone.
    assert_eq!(m.root.sample_times(10.0).unwrap(), vec![START]);

    m.animate(AnimationCurve::Linear, 200.0);
    let end = m.boxed.animation_end_time().unwrap();
    assert_eq!(end, START + 1.0);
    let times = m.root.sample_times(10.0).unwrap();
    assert_eq!(times.len(), 11, "{:?}", times);
    assert_eq!(times[0], engine.clock().unwrap());
    assert_eq!(*times.last().unwrap(), end);
    for (k, time) in times.iter().enumerate() {
        let expected = START + k as f64 / 10.0;
        assert!((time - expected).abs() < 1e-12, "sample {}: {} not {}", k, time, expected);
    }
    // The end is a sample even when the rate does not divide the duration.
    let times = m.root.sample_times(3.5).unwrap();
    assert_eq!(times.len(), 5, "{:?}", times);
    assert_eq!((times[0], times[4]), (START, end));
    assert!((times[3] - (START + 3.0 / 3.5)).abs() < 1e-12, "{:?}", times);
    // A subview's subtree animates the same; sampling never moves the clock.
    assert_eq!(m.boxed.sample_times(10.0).unwrap().len(), 11);
    assert_eq!(engine.clock().unwrap(), START);

    // Halfway: from the clock to the same end; after it, the clock alone again.
    engine.advance(0.5).unwrap();
    let times = m.root.sample_times(10.0).unwrap();
    assert_eq!((times.len(), times[0], times[5]), (6, START + 0.5, end));
    engine.advance(0.5).unwrap();
    assert_eq!(m.root.sample_times(10.0).unwrap(), vec![end]);
}

#[test]
fn a_still_draws_the_presentation_frames_at_its_time() {
    let engine = Engine::new().unwrap();
    let m = Moving::animated(&engine);
    // The model frame, at once: the plain drawing shows the box at its end.
    assert_eq!(drawn(&m.root.render_svg().unwrap(), &m.boxed), Rect { x: 200.0, y: 10.0, width: 100.0, height: 50.0 });
    let still = m.root.render_svg_at(START + 0.5).unwrap();
    assert_eq!(drawn(&still, &m.boxed), Rect { x: 100.0, y: 10.0, width: 100.0, height: 50.0 });
    assert_eq!(drawn(&still, &m.root), Rect { x: 0.0, y: 0.0, width: 400.0, height: 300.0 });
    for offset in [0.0, 0.3, 0.75, 1.0, 2.0] {
        let time = START + offset;
        let still = m.root.render_svg_at(time).unwrap();
        assert_near(drawn(&still, &m.boxed), m.boxed.presentation_frame_at(time).unwrap(), &format!("at {}", time));
        // The options' form is the same drawing.
        assert_eq!(m.root.render_svg_with(&SvgOptions::new().at(time)).unwrap(), still);
    }
    // Drawing never moves the clock.
    assert_eq!(engine.clock().unwrap(), START);
    assert!(m.boxed.is_animating().unwrap());

    // Along a curve the still follows the presentation frame too (the text has the digits).
    let other = Engine::new().unwrap();
    let eased = Moving::new(&other);
    eased.animate(AnimationCurve::EaseInOut, 200.0);
    let time = START + 0.3;
    let expected = eased.boxed.presentation_frame_at(time).unwrap();
    let shown = drawn(&eased.root.render_svg_at(time).unwrap(), &eased.boxed);
    assert_near(shown, expected, "ease-in-out");
    assert!(shown.x > 0.0 && shown.x < 60.0, "slower than linear at first: {:?}", shown);
}

#[test]
fn the_animated_document_animates_x_and_repeats_as_asked() {
    let engine = Engine::new().unwrap();
    let m = Moving::animated(&engine);
    let options = SvgOptions::new();

    let once = m.root.render_animated_svg(10.0, Repeat::Once, &options).unwrap();
    let line = rect_line(&once, &m.boxed);
    assert!(line.contains("<animate attributeName=\"x\""), "{}", line);
    assert!(line.contains("fill=\"freeze\"") && !once.contains("repeatCount"), "{}", once);
    assert_eq!(attribute(line, "dur"), "1s");
    // One value per sample time, where the presentation frame is then.
    let times = m.root.sample_times(10.0).unwrap();
    let values = animated_values(&once, &m.boxed, "x").unwrap();
    let expected: Vec<f64> = times.iter().map(|&t| m.boxed.presentation_frame_at(t).unwrap().x).collect();
    assert_eq!(values.len(), expected.len());
    assert!(values.iter().zip(&expected).all(|(a, b)| near(*a, *b)), "{:?} {:?}", values, expected);
    assert_eq!((values[0], values[10]), (0.0, 200.0));
    // The box only moves along x; the root does not move at all.
    for name in ["y", "width", "height"] {
        assert_eq!(animated_values(&once, &m.boxed, name), None, "{}", name);
    }
    assert!(!rect_line(&once, &m.root).contains("<animate"));
    // Drawn at the clock: the rect starts where the box is shown now.
    assert_eq!(drawn(&once, &m.boxed).x, 0.0);

    let forever = m.root.render_animated_svg(10.0, Repeat::Forever, &options).unwrap();
    assert!(rect_line(&forever, &m.boxed).contains("repeatCount=\"indefinite\""), "{}", forever);
    let twice_and_a_half = m.root.render_animated_svg(10.0, Repeat::Times(2.5), &options).unwrap();
    assert_eq!(attribute(rect_line(&twice_and_a_half, &m.boxed), "repeatCount"), "2.5");
    // The rate sets the samples; the same clock gives the same bytes; the clock stays.
    let coarse = m.root.render_animated_svg(4.0, Repeat::Once, &options).unwrap();
    assert_eq!(animated_values(&coarse, &m.boxed, "x").unwrap(), vec![0.0, 50.0, 100.0, 150.0, 200.0]);
    assert_eq!(m.root.render_animated_svg(10.0, Repeat::Once, &options).unwrap(), once);
    assert_eq!(engine.clock().unwrap(), START);

    // Nothing animating: the still at the clock, without <animate>.
    engine.advance(1.0).unwrap();
    let still = m.root.render_animated_svg(10.0, Repeat::Forever, &options).unwrap();
    assert!(!still.contains("<animate"), "{}", still);
    assert_eq!(drawn(&still, &m.boxed).x, 200.0);
}

#[test]
fn write_animated_svg_writes_the_document() {
    let engine = Engine::new().unwrap();
    let m = Moving::animated(&engine);
    let path = temporary("animated.svg");
    let options = SvgOptions::new().constraints(true);
    m.root.write_animated_svg(path.to_str().unwrap(), 30.0, Repeat::Times(3.0), &options).unwrap();
    let written = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(written, m.root.render_animated_svg(30.0, Repeat::Times(3.0), &options).unwrap());
    assert!(written.contains("repeatCount=\"3\""), "{}", written);
    assert_ne!(written, m.root.render_animated_svg(30.0, Repeat::Times(3.0), &SvgOptions::new()).unwrap());

    // A folder that does not exist: Io with the path.
    let missing = temporary("no-such-folder").join("animated.svg");
    let error = m.root.write_animated_svg(missing.to_str().unwrap(), 30.0, Repeat::Once, &options).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Io);
    assert!(error.message.contains("no-such-folder"), "{}", error.message);
}

#[test]
fn svg_frames_give_one_still_per_sample_time() {
    let engine = Engine::new().unwrap();
    let m = Moving::animated(&engine);
    let frames = m.root.svg_frames(10.0).unwrap();
    let times = m.root.sample_times(10.0).unwrap();
    assert_eq!(frames.len(), times.len());
    for ((time, document), sample) in frames.iter().zip(&times) {
        assert_eq!(time, sample);
        assert_eq!(document, &m.root.render_svg_at(*time).unwrap());
        assert_near(drawn(document, &m.boxed), m.boxed.presentation_frame_at(*time).unwrap(), &format!("at {}", time));
    }
    let xs: Vec<f64> = frames.iter().map(|(_, document)| drawn(document, &m.boxed).x).collect();
    assert_eq!(xs, (0..=10).map(|k| 20.0 * k as f64).collect::<Vec<_>>());
    // With options: each frame is the still with those options at its time.
    let options = SvgOptions::new().margins(true).padding(0.0);
    let framed = m.root.svg_frames_with(10.0, &options).unwrap();
    assert_eq!(framed[3].1, m.root.render_svg_with(&options.at(times[3])).unwrap());
    assert_ne!(framed[3].1, frames[3].1);
    // Nothing animating: the still at the clock alone.
    engine.advance(1.0).unwrap();
    let frames = m.root.svg_frames(10.0).unwrap();
    assert_eq!(frames, vec![(START + 1.0, m.root.render_svg().unwrap())]);
}

#[test]
fn bad_frame_rates_give_tethers_message_and_the_engine_stays_usable() {
    let engine = Engine::new().unwrap();
    let m = Moving::animated(&engine);
    let options = SvgOptions::new();
    let path = temporary("bad-rate.svg");
    for fps in [0.0, f64::NAN, -10.0, f64::INFINITY] {
        let errors = [
            m.root.sample_times(fps).unwrap_err(),
            m.root.render_animated_svg(fps, Repeat::Forever, &options).unwrap_err(),
            m.root.write_animated_svg(path.to_str().unwrap(), fps, Repeat::Once, &options).unwrap_err(),
            m.root.svg_frames(fps).unwrap_err(),
        ];
        for error in errors {
            assert_eq!(error.kind, ErrorKind::InvalidArgument, "{}: {}", fps, error);
            assert!(error.message.contains("frames per second"), "{}", error.message);
        }
        assert!(!path.exists(), "nothing is written for {}", fps);
    }
    println!("fps 0: {}", m.root.sample_times(0.0).unwrap_err());
    // More than 100,000 samples.
    let error = m.root.sample_times(1e6).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    println!("too many samples: {}", error);
    // Bad drawing options and a still at a time that is not finite: Tether's message.
    let error = m.root.render_animated_svg(10.0, Repeat::Once, &options.scale(0.0)).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("scale"), "{}", error.message);
    let error = m.root.render_svg_at(f64::NAN).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("not finite"), "{}", error.message);

    // Still usable: nothing moved, the animation runs on.
    assert_eq!(engine.clock().unwrap(), START);
    assert_eq!(m.root.sample_times(10.0).unwrap().len(), 11);
    engine.advance(0.5).unwrap();
    assert_eq!(drawn(&m.root.render_animated_svg(10.0, Repeat::Once, &options).unwrap(), &m.boxed).x, 100.0);
    assert_eq!(m.engine.clock().unwrap(), START + 0.5);
}

#[test]
fn a_repeat_count_that_is_not_positive_is_refused() {
    let engine = Engine::new().unwrap();
    let m = Moving::animated(&engine);
    let options = SvgOptions::new();
    let path = temporary("bad-repeat.svg");
    for count in [0.0, -1.0, f64::NAN, f64::NEG_INFINITY, -0.0] {
        let repeat = Repeat::Times(count);
        let error = m.root.render_animated_svg(10.0, repeat, &options).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument, "{}", count);
        assert!(error.message.contains("repeat count must be greater than 0"), "{}", error.message);
        let error = m.root.write_animated_svg(path.to_str().unwrap(), 10.0, repeat, &options).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument, "{}", count);
        assert!(!path.exists());
        assert!(repeat.to_raw(10.0).is_err());
    }
    println!("repeat 0: {}", Repeat::Times(0.0).to_raw(10.0).unwrap_err());
    // A count that is not finite is Tether's to refuse (Repeat::Forever repeats forever).
    let error = m.root.render_animated_svg(10.0, Repeat::Times(f64::INFINITY), &options).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("repeat_count"), "{}", error.message);
    println!("repeat inf: {}", error);
    // A small fractional count is a count.
    let document = m.root.render_animated_svg(10.0, Repeat::Times(0.25), &options).unwrap();
    assert_eq!(attribute(rect_line(&document, &m.boxed), "repeatCount"), "0.25");
}

#[test]
fn options_map_to_the_c_structures() {
    use tether::sys;
    let raw = SvgOptions::new().to_raw();
    assert_eq!(raw.struct_size as usize, std::mem::size_of::<sys::tether_svg_options>());
    assert_eq!(
        (raw.flags, raw.scale, raw.padding, raw.presentation_time),
        (sys::TETHER_SVG_DEFAULT_FLAGS as u32, 1.0, 8.0, 0.0)
    );
    let options = SvgOptions::new()
        .constraints(true)
        .ambiguity(false)
        .broken(false)
        .margins(true)
        .guides(true)
        .scale(2.0)
        .padding(4.0)
        .at(1.5);
    let raw = options.to_raw();
    let expected = sys::TETHER_SVG_CONSTRAINTS | sys::TETHER_SVG_MARGINS | sys::TETHER_SVG_GUIDES
        | sys::TETHER_SVG_PRESENTATION;
    assert_eq!(raw.flags, expected as u32);
    assert_eq!((raw.scale, raw.padding, raw.presentation_time), (2.0, 4.0, 1.5));
    assert_eq!((options.time(), options.model_frames().time()), (Some(1.5), None));
    assert_eq!(options.model_frames().to_raw().flags & sys::TETHER_SVG_PRESENTATION as u32, 0);

    let size = std::mem::size_of::<sys::tether_svg_animation_options>() as u32;
    let raw = Repeat::Once.to_raw(60.0).unwrap();
    assert_eq!((raw.struct_size, raw.flags, raw.frames_per_second, raw.repeat_count), (size, 0, 60.0, 0.0));
    let raw = Repeat::Forever.to_raw(30.0).unwrap();
    assert_eq!((raw.flags, raw.frames_per_second), (sys::TETHER_SVG_ANIMATION_REPEAT_FOREVER as u32, 30.0));
    let raw = Repeat::Times(2.0).to_raw(f64::NAN).unwrap(); // the rate is Tether's to check
    assert_eq!((raw.flags, raw.repeat_count), (0, 2.0));
    assert!(raw.frames_per_second.is_nan());
}
