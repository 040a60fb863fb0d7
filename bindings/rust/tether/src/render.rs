//! Drawing a laid-out hierarchy as SVG (Include/tether/render.h, docs/rendering.md), running
//! animations included (docs/animation.md, "Animations as SVG").
//!
//! [`View::render_svg`] draws the model frames with the default options; [`SvgOptions`] picks
//! what else is drawn and, with [`SvgOptions::at`], draws every view at its presentation frame
//! at a clock time: a still of a running animation ([`View::render_svg_at`] for short).
//!
//! The running animations of a subtree are sampled at a frame rate from the engine's clock to
//! the end of the last of them ([`View::sample_times`]); [`View::svg_frames`] gives one still
//! per sample time, [`View::render_animated_svg`] one document that plays them with SMIL
//! `<animate>` elements in any browser, [`Repeat`] times. None of them moves the clock.
use crate::error::{check, invalid, Result};
use crate::{cstring, read_list, read_string, sys, Item, View};

/// How a view's subtree is drawn (tether_svg_options), built by chained calls:
/// `SvgOptions::new().constraints(true).scale(2.0)`. The defaults are the C header's: ambiguous
/// items and broken constraints marked, scale 1, padding 8, model frames. Tether checks the
/// values when drawing (`InvalidArgument` with its message: a scale that is not finite and > 0,
/// a padding that is not finite and >= 0, a time that is not finite).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SvgOptions {
    flags: u32,
    scale: f64,
    padding: f64,
    time: Option<f64>,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            flags: sys::TETHER_SVG_DEFAULT_FLAGS as u32,
            scale: 1.0,
            padding: 8.0,
            time: None,
        }
    }
}

impl SvgOptions {
    pub fn new() -> Self {
        Self::default()
    }
    fn flag(self, bit: i32, on: bool) -> Self {
        let bit = bit as u32;
        SvgOptions { flags: if on { self.flags | bit } else { self.flags & !bit }, ..self }
    }
    /// Draws the active constraints between items of the subtree (classes "spacing", "size",
    /// "equation"). Off by default.
    pub fn constraints(self, on: bool) -> Self {
        self.flag(sys::TETHER_SVG_CONSTRAINTS, on)
    }
    /// Marks views and guides whose layout is ambiguous (class "ambiguous"). On by default.
    pub fn ambiguity(self, on: bool) -> Self {
        self.flag(sys::TETHER_SVG_AMBIGUITY, on)
    }
    /// Draws broken constraints red and dashed, even without [`SvgOptions::constraints`]
    /// (class "broken"). On by default.
    pub fn broken(self, on: bool) -> Self {
        self.flag(sys::TETHER_SVG_BROKEN, on)
    }
    /// Draws each view's layout margins, dashed (class "margins"). Off by default.
    pub fn margins(self, on: bool) -> Self {
        self.flag(sys::TETHER_SVG_MARGINS, on)
    }
    /// Draws the layout guides, dashed (class "guide"). Off by default.
    pub fn guides(self, on: bool) -> Self {
        self.flag(sys::TETHER_SVG_GUIDES, on)
    }
    /// Pixels per point (the document's width and height); finite and > 0 (default 1).
    pub fn scale(self, scale: f64) -> Self {
        SvgOptions { scale, ..self }
    }
    /// Points of room around the view; finite and >= 0 (default 8).
    pub fn padding(self, padding: f64) -> Self {
        SvgOptions { padding, ..self }
    }
    /// Draws every view at its presentation frame at clock time `time` (finite;
    /// [`View::presentation_frame_at`]) instead of its model frame: a still of a running
    /// animation (TETHER_SVG_PRESENTATION). An animated document ignores it.
    pub fn at(self, time: f64) -> Self {
        SvgOptions { time: Some(time), ..self }
    }
    /// Draws the model frames again (the default).
    pub fn model_frames(self) -> Self {
        SvgOptions { time: None, ..self }
    }

    /// The TETHER_SVG_* bits (without TETHER_SVG_PRESENTATION, which [`SvgOptions::at`] sets).
    pub fn flags(&self) -> u32 {
        self.flags
    }
    pub fn get_scale(&self) -> f64 {
        self.scale
    }
    pub fn get_padding(&self) -> f64 {
        self.padding
    }
    /// The clock time of the presentation frames drawn; None for the model frames.
    pub fn time(&self) -> Option<f64> {
        self.time
    }

    /// The C options.
    pub fn to_raw(&self) -> sys::tether_svg_options {
        let (flags, time) = match self.time {
            Some(time) => (self.flags | sys::TETHER_SVG_PRESENTATION as u32, time),
            None => (self.flags, 0.0),
        };
        sys::tether_svg_options {
            struct_size: std::mem::size_of::<sys::tether_svg_options>() as u32,
            flags,
            scale: self.scale,
            padding: self.padding,
            presentation_time: time,
        }
    }
}

/// How often an animated document plays ([`View::render_animated_svg`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Repeat {
    /// Once, keeping its last frame (SMIL fill="freeze").
    Once,
    /// That many times: finite and > 0, may be fractional (SMIL repeatCount="n"). A count that
    /// is not > 0 (0 included: that is [`Repeat::Once`]) or NaN is refused with
    /// `InvalidArgument` before anything is drawn; one that is not finite, by Tether.
    Times(f64),
    /// Forever (SMIL repeatCount="indefinite").
    Forever,
}

impl Repeat {
    /// The C options for `frames_per_second` (whose range Tether checks) and this repeat;
    /// `InvalidArgument` for a count that is not > 0.
    pub fn to_raw(self, frames_per_second: f64) -> Result<sys::tether_svg_animation_options> {
        let (flags, repeat_count) = match self {
            Repeat::Once => (0, 0.0),
            Repeat::Forever => (sys::TETHER_SVG_ANIMATION_REPEAT_FOREVER as u32, 0.0),
            // NaN, which no comparison holds for, is refused with the counts <= 0.
            Repeat::Times(count) if count.is_nan() || count <= 0.0 => {
                return Err(invalid(&format!(
                    "the repeat count must be greater than 0 (Repeat::Once plays once, \
                     Repeat::Forever repeats forever), not {}",
                    count
                )))
            }
            Repeat::Times(count) => (0, count),
        };
        Ok(sys::tether_svg_animation_options {
            struct_size: std::mem::size_of::<sys::tether_svg_animation_options>() as u32,
            flags,
            frames_per_second,
            repeat_count,
        })
    }
}

impl<'e> View<'e> {
    /// The subtree drawn as SVG with `options`, after a layout pass: one rect per view in this
    /// view's own coordinates, labelled with its identifier. The same hierarchy (and, for a
    /// still, the same clock) always gives the same text.
    pub fn render_svg_with(&self, options: &SvgOptions) -> Result<String> {
        let mut raw = options.to_raw();
        let engine = self.engine().as_raw();
        read_string(|buffer, capacity, needed| unsafe {
            sys::tether_view_render_svg(engine, self.id(), &mut raw, buffer, capacity, needed)
        })
    }
    /// The subtree drawn as [`View::render_svg_with`] draws it, into the file at `path`
    /// (created or replaced; `Io` with the path and the system's reason when it cannot be
    /// written, and nothing is left behind).
    pub fn write_svg_with(&self, path: &str, options: &SvgOptions) -> Result<()> {
        let mut raw = options.to_raw();
        let path = cstring(path)?;
        check(unsafe { sys::tether_view_write_svg(self.engine().as_raw(), self.id(), &mut raw, path.as_ptr()) })
    }
    /// A still of the running animations: every view of the subtree drawn at its presentation
    /// frame at clock time `time` (finite), default options otherwise. Short for
    /// `render_svg_with(&SvgOptions::new().at(time))`.
    ///
    /// ```
    /// use tether::{animate, AnimationCurve, AnimationOptions, Engine, Item, Rect};
    /// let engine = Engine::new()?;
    /// let root = engine.view(Rect { x: 0.0, y: 0.0, width: 300.0, height: 100.0 })?;
    /// let card = root.subview("card")?;
    /// let leading = card.leading().eq(root.leading())?;
    /// engine.activate(&[leading, card.top().eq(root.top())?, card.width().eq_const(100.0)?,
    ///                   card.height().eq_const(40.0)?])?;
    /// root.layout_if_needed()?;
    /// let options = AnimationOptions::new().duration(1.0).curve(AnimationCurve::Linear);
    /// animate(&options, || -> tether::Result<()> {
    ///     leading.set_constant(200.0)?;
    ///     root.layout_if_needed()
    /// })??;
    /// let still = root.render_svg_at(0.5)?;             // the card halfway, at x = 100
    /// assert!(still.contains(r#"data-depth="1" x="100""#));
    /// assert_eq!(engine.clock()?, 0.0);                 // drawing never moves the clock
    /// # Ok::<(), tether::Error>(())
    /// ```
    pub fn render_svg_at(&self, time: f64) -> Result<String> {
        self.render_svg_with(&SvgOptions::new().at(time))
    }

    /// The clock times at which the subtree's running animations are sampled at
    /// `frames_per_second` (finite and > 0): the engine's clock, every `1 / frames_per_second`
    /// seconds after it, and the end of the last running animation of the subtree (so the last
    /// sample shows the model frames). Just the clock when nothing in the subtree animates.
    /// Lays out first. `InvalidArgument` with Tether's message for a bad rate or more than
    /// 100,000 samples.
    pub fn sample_times(&self, frames_per_second: f64) -> Result<Vec<f64>> {
        let engine = self.engine().as_raw();
        read_list(|out, capacity, needed| unsafe {
            sys::tether_view_animation_sample_times(engine, self.id(), frames_per_second, out, capacity, needed)
        })
    }

    /// The subtree's running animations as one SVG document that plays in any browser: the
    /// drawing at the engine's clock in which every view rect that moves or resizes (and its
    /// label) carries a SMIL `<animate>` per changing attribute (x, y, width, height), with the
    /// presentation frames at [`View::sample_times`]`(frames_per_second)`, played linearly
    /// between samples, `repeat` times. Views that do not move get none; with nothing
    /// animating it is the still at the clock. `options` chooses what is drawn (its
    /// [`SvgOptions::at`] is ignored). The clock is not moved.
    ///
    /// Errors: `InvalidArgument` for a count of [`Repeat::Times`] that is not > 0 (checked
    /// here, before drawing) and, with Tether's message, for a rate that is not finite and
    /// > 0, a count that is not finite, too many samples, or bad drawing options.
    ///
    /// ```
    /// use tether::{animate, AnimationOptions, Engine, Item, Rect, Repeat, SvgOptions};
    /// let engine = Engine::new()?;
    /// let root = engine.view(Rect { x: 0.0, y: 0.0, width: 300.0, height: 100.0 })?;
    /// let card = root.subview("card")?;
    /// let width = card.width().eq_const(100.0)?;
    /// engine.activate(&[card.leading().eq(root.leading())?, card.top().eq(root.top())?,
    ///                   width, card.height().eq_const(40.0)?])?;
    /// root.layout_if_needed()?;
    /// animate(&AnimationOptions::new().duration(0.5), || -> tether::Result<()> {
    ///     width.set_constant(250.0)?;
    ///     root.layout_if_needed()
    /// })??;
    /// let document = root.render_animated_svg(30.0, Repeat::Forever, &SvgOptions::new())?;
    /// assert!(document.contains(r#"attributeName="width""#));
    /// assert!(document.contains(r#"repeatCount="indefinite""#));
    /// # Ok::<(), tether::Error>(())
    /// ```
    pub fn render_animated_svg(&self, frames_per_second: f64, repeat: Repeat, options: &SvgOptions) -> Result<String> {
        let mut animation = repeat.to_raw(frames_per_second)?;
        let mut drawing = options.to_raw();
        let engine = self.engine().as_raw();
        read_string(|buffer, capacity, needed| unsafe {
            sys::tether_view_render_animated_svg(
                engine,
                self.id(),
                &mut drawing,
                &mut animation,
                buffer,
                capacity,
                needed,
            )
        })
    }
    /// The animated document of [`View::render_animated_svg`], written to the file at `path`
    /// (created or replaced; the same errors, and `Io` when the file cannot be written; nothing
    /// is written when drawing fails).
    pub fn write_animated_svg(
        &self,
        path: &str,
        frames_per_second: f64,
        repeat: Repeat,
        options: &SvgOptions,
    ) -> Result<()> {
        let mut animation = repeat.to_raw(frames_per_second)?;
        let mut drawing = options.to_raw();
        let path = cstring(path)?;
        check(unsafe {
            sys::tether_view_write_animated_svg(
                self.engine().as_raw(),
                self.id(),
                &mut drawing,
                &mut animation,
                path.as_ptr(),
            )
        })
    }

    /// One still per sample time ([`View::sample_times`]): `(time, document)` in order, each
    /// drawn at the presentation frames then ([`View::render_svg_at`]), at the size the view
    /// has then. A frame sequence for a video or a flip book; the clock is not moved.
    pub fn svg_frames(&self, frames_per_second: f64) -> Result<Vec<(f64, String)>> {
        self.svg_frames_with(frames_per_second, &SvgOptions::new())
    }
    /// [`View::svg_frames`] drawn with `options` (their time replaced by each sample time).
    pub fn svg_frames_with(&self, frames_per_second: f64, options: &SvgOptions) -> Result<Vec<(f64, String)>> {
        self.sample_times(frames_per_second)?
            .into_iter()
            .map(|time| Ok((time, self.render_svg_with(&options.at(time))?)))
            .collect()
    }
}
