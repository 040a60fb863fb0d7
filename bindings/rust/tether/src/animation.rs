//! Animation blocks (Include/tether/animation.h): UIKit's block animations on the engine's clock.
//!
//! Change constraints, then lay out inside a block: every frame that changes takes its new value
//! at once ([`View::frame`]) and is shown moving there ([`View::presentation_frame`]) as the
//! host moves the engine's clock ([`Engine::advance`]).
//!
//! Blocks belong to the calling thread and nest ([`AnimationBlock`] is neither `Send` nor
//! `Sync`). A completion (`FnOnce(bool) + 'static`) is boxed and handed to the library, which
//! calls it exactly once: inside [`Engine::advance`] or [`Engine::set_clock`] as the clock passes
//! the end, inside the commit of a block that animated nothing (finished = true), or inside the
//! engine's drop for the animations it stops (finished = false). The trampoline takes the box
//! back and drops it after the call. A panic in a completion never unwinds into C: it is caught,
//! and the call that ran the completion returns `Err` with [`ErrorKind::CallbackFailed`] after
//! doing its work, as a panicking measure closure fails its layout pass. A completion run by a
//! block's drop or by the engine's drop has no caller to report to: its panic is dropped.
use std::cell::RefCell;
use std::ffi::c_void;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::{check, Error, ErrorKind, Result};
use crate::{sys, Engine, Item, Rect, View, ViewId};

/// Timing curves: UIKit's UIViewAnimationCurve, with the raw values of tether/animation.h.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum AnimationCurve {
    /// Cubic Bézier (0.42, 0, 0.58, 1), the default.
    EaseInOut = sys::TETHER_ANIMATION_CURVE_EASE_IN_OUT,
    /// (0.42, 0, 1, 1).
    EaseIn = sys::TETHER_ANIMATION_CURVE_EASE_IN,
    /// (0, 0, 0.58, 1).
    EaseOut = sys::TETHER_ANIMATION_CURVE_EASE_OUT,
    /// (0, 0, 1, 1).
    Linear = sys::TETHER_ANIMATION_CURVE_LINEAR,
}

/// How a block moves: along a curve or as a damped spring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Timing {
    Curve(AnimationCurve),
    /// `damping` > 0 (1: no overshoot), `initial_velocity` in whole distances per second.
    Spring { damping: f64, initial_velocity: f64 },
}

/// What an animation block asks for (tether_animation_options), built by chained calls:
/// `AnimationOptions::new().duration(0.3).curve(AnimationCurve::Linear)`. The defaults are the
/// C header's: duration 0 (changes at once), no delay, ease-in-out. Tether checks the values
/// when a block begins (`InvalidArgument` with its message).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnimationOptions {
    duration: f64,
    delay: f64,
    timing: Timing,
    override_inherited_duration: bool,
    override_inherited_curve: bool,
}

impl Default for AnimationOptions {
    fn default() -> Self {
        AnimationOptions {
            duration: 0.0,
            delay: 0.0,
            timing: Timing::Curve(AnimationCurve::EaseInOut),
            override_inherited_duration: false,
            override_inherited_curve: false,
        }
    }
}

impl AnimationOptions {
    pub fn new() -> Self {
        Self::default()
    }
    /// Seconds, finite and >= 0; 0 makes the changes at once.
    pub fn duration(self, seconds: f64) -> Self {
        AnimationOptions { duration: seconds, ..self }
    }
    /// Seconds before the views start moving (they show their old frames meanwhile).
    pub fn delay(self, seconds: f64) -> Self {
        AnimationOptions { delay: seconds, ..self }
    }
    /// Moves along `curve` (replacing a spring set before).
    pub fn curve(self, curve: AnimationCurve) -> Self {
        AnimationOptions { timing: Timing::Curve(curve), ..self }
    }
    /// Moves as a damped spring (UIKit's usingSpringWithDamping:initialSpringVelocity:).
    pub fn spring(self, damping: f64, initial_velocity: f64) -> Self {
        AnimationOptions { timing: Timing::Spring { damping, initial_velocity }, ..self }
    }
    /// In a nested block: this block's duration, not the enclosing block's.
    pub fn override_inherited_duration(self, on: bool) -> Self {
        AnimationOptions { override_inherited_duration: on, ..self }
    }
    /// In a nested block: this block's curve or spring, not the enclosing block's.
    pub fn override_inherited_curve(self, on: bool) -> Self {
        AnimationOptions { override_inherited_curve: on, ..self }
    }

    pub fn get_duration(&self) -> f64 {
        self.duration
    }
    pub fn get_delay(&self) -> f64 {
        self.delay
    }
    pub fn timing(&self) -> Timing {
        self.timing
    }

    /// The C options, without a completion.
    pub fn to_raw(&self) -> sys::tether_animation_options {
        let mut flags = 0u32;
        if self.override_inherited_duration {
            flags |= sys::TETHER_ANIMATION_OVERRIDE_INHERITED_DURATION as u32;
        }
        if self.override_inherited_curve {
            flags |= sys::TETHER_ANIMATION_OVERRIDE_INHERITED_CURVE as u32;
        }
        let (curve, damping, velocity) = match self.timing {
            Timing::Curve(curve) => (curve as i32, 1.0, 0.0),
            Timing::Spring { damping, initial_velocity } => {
                flags |= sys::TETHER_ANIMATION_SPRING as u32;
                (AnimationCurve::EaseInOut as i32, damping, initial_velocity)
            }
        };
        sys::tether_animation_options {
            struct_size: std::mem::size_of::<sys::tether_animation_options>() as u32,
            flags,
            duration: self.duration,
            delay: self.delay,
            spring_damping: damping,
            initial_velocity: velocity,
            completion: None,
            completion_context: std::ptr::null_mut(),
            curve,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Completions
// ---------------------------------------------------------------------------------------------

type Completion = Box<dyn FnOnce(bool)>;

thread_local! {
    // One entry per open completion scope, innermost last: the first panic seen in it.
    static FAILURES: RefCell<Vec<Option<String>>> = const { RefCell::new(Vec::new()) };
}

/// Collects the panics of the completions run by one C call (scopes nest: a completion may
/// advance an engine). Closed by `finish` or, discarding, by drop.
pub(crate) struct CompletionScope {
    open: bool,
}

impl CompletionScope {
    pub(crate) fn enter() -> CompletionScope {
        FAILURES.with(|failures| failures.borrow_mut().push(None));
        CompletionScope { open: true }
    }
    fn close(&mut self) -> Option<String> {
        if !self.open {
            return None;
        }
        self.open = false;
        FAILURES.with(|failures| failures.borrow_mut().pop()).flatten()
    }
    /// The C call's status, then the first completion that panicked inside it.
    fn finish(mut self, status: i32) -> Result<()> {
        let failure = self.close();
        check(status)?;
        match failure {
            None => Ok(()),
            Some(message) => Err(Error {
                kind: ErrorKind::CallbackFailed,
                status: sys::TETHER_E_CALLBACK_FAILED,
                message: format!("an animation completion panicked: {}", message),
                position: None,
            }),
        }
    }
}

impl Drop for CompletionScope {
    fn drop(&mut self) {
        self.close();
    }
}

fn record_failure(message: String) {
    // try_with: a completion run while the thread's locals are being destroyed reports nothing.
    let _ = FAILURES.try_with(|failures| {
        if let Ok(mut failures) = failures.try_borrow_mut() {
            if let Some(slot @ None) = failures.last_mut() {
                *slot = Some(message);
            }
        }
    });
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

unsafe extern "C" fn completion_trampoline(context: *mut c_void, finished: i32) {
    // The library calls each completion once: the box is taken back here and dropped.
    let completion: Box<Completion> = Box::from_raw(context as *mut Completion);
    if let Err(payload) = catch_unwind(AssertUnwindSafe(move || completion(finished != 0))) {
        let message = panic_message(&*payload);
        // Dropping a payload may itself panic (a payload with a panicking Drop): not into C.
        let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
        record_failure(message);
    }
}

fn begin(options: &AnimationOptions, completion: Option<Completion>) -> Result<()> {
    let mut raw = options.to_raw();
    let context = completion.map(|completion| Box::into_raw(Box::new(completion)));
    if let Some(context) = context {
        raw.completion = Some(completion_trampoline);
        raw.completion_context = context as *mut c_void;
    }
    let status = unsafe { sys::tether_animation_begin(&mut raw) };
    if status != sys::TETHER_OK {
        if let Some(context) = context {
            // Refused: the library will never call it, so the box is dropped here.
            drop(unsafe { Box::from_raw(context) });
        }
    }
    check(status)
}

// ---------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------

/// An open animation block of the calling thread (a guard): begun by [`AnimationBlock::begin`],
/// closed by [`AnimationBlock::commit`] or, when dropped, by its `Drop`, which ignores errors
/// and a completion's panic (call `commit` to see them). Blocks nest; drop them innermost first,
/// on the thread that began them (the type is neither `Send` nor `Sync`).
#[derive(Debug)]
#[must_use = "the block closes when this guard is dropped"]
pub struct AnimationBlock {
    open: bool,
    _thread_bound: PhantomData<*const ()>,
}

impl AnimationBlock {
    /// Opens an animation block. Bad options give `InvalidArgument` and open nothing.
    pub fn begin(options: &AnimationOptions) -> Result<AnimationBlock> {
        begin(options, None)?;
        Ok(AnimationBlock { open: true, _thread_bound: PhantomData })
    }
    /// Opens an animation block whose completion gets `finished` (see the module's notes). On
    /// an error the completion is dropped without being called.
    pub fn begin_with_completion<F>(options: &AnimationOptions, completion: F) -> Result<AnimationBlock>
    where
        F: FnOnce(bool) + 'static,
    {
        begin(options, Some(Box::new(completion)))?;
        Ok(AnimationBlock { open: true, _thread_bound: PhantomData })
    }
    /// Opens a block in which no frame change animates (UIKit's performWithoutAnimation).
    pub fn without_animation() -> Result<AnimationBlock> {
        check(unsafe { sys::tether_animation_begin_without_animation() })?;
        Ok(AnimationBlock { open: true, _thread_bound: PhantomData })
    }
    /// Closes the block now; a completion that ran in it and panicked gives `CallbackFailed`
    /// (the block is closed all the same).
    pub fn commit(mut self) -> Result<()> {
        self.open = false;
        commit_animations()
    }
}

impl Drop for AnimationBlock {
    fn drop(&mut self) {
        if self.open {
            let _discard = CompletionScope::enter();
            unsafe {
                sys::tether_animation_commit();
            }
        }
    }
}

/// Runs `body` inside an animation block and commits it (UIView.animate): the frames that
/// change in it, by a layout pass or `set_frame`, animate. Returns what `body` returns, or the
/// commit's error (a completion that ran in it and panicked) in its place. If `body` panics,
/// the block is closed while unwinding.
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
/// let options = AnimationOptions::new().duration(0.4).curve(AnimationCurve::Linear);
/// animate(&options, || -> tether::Result<()> {
///     leading.set_constant(200.0)?;
///     root.layout_if_needed()
/// })??;
/// assert_eq!(card.frame()?.x, 200.0);              // the model frame, at once
/// engine.advance(0.1)?;                            // a quarter of the duration
/// assert_eq!(card.presentation_frame()?.x, 50.0);  // where it is shown
/// # Ok::<(), tether::Error>(())
/// ```
pub fn animate<R>(options: &AnimationOptions, body: impl FnOnce() -> R) -> Result<R> {
    let block = AnimationBlock::begin(options)?;
    let value = body();
    block.commit()?;
    Ok(value)
}

/// [`animate`] with a completion (`finished`: whether every animation of the block ran to its
/// end).
pub fn animate_with_completion<R, F>(
    options: &AnimationOptions,
    body: impl FnOnce() -> R,
    completion: F,
) -> Result<R>
where
    F: FnOnce(bool) + 'static,
{
    let block = AnimationBlock::begin_with_completion(options, completion)?;
    let value = body();
    block.commit()?;
    Ok(value)
}

/// Runs `body` in a block in which nothing animates, even inside an animation block (UIKit's
/// performWithoutAnimation).
pub fn perform_without_animation<R>(body: impl FnOnce() -> R) -> Result<R> {
    let block = AnimationBlock::without_animation()?;
    let value = body();
    block.commit()?;
    Ok(value)
}

/// Closes the calling thread's innermost block (UIKit's commitAnimations): `InvalidState` when
/// none is open. For blocks a C caller opened; never close an [`AnimationBlock`]'s block with it
/// (its guard would then close the block around it).
pub fn commit_animations() -> Result<()> {
    let scope = CompletionScope::enter();
    let status = unsafe { sys::tether_animation_commit() };
    scope.finish(status)
}

/// The number of blocks open on the calling thread.
pub fn open_animation_blocks() -> Result<u32> {
    let mut out = 0;
    check(unsafe { sys::tether_animation_open_blocks(&mut out) })?;
    Ok(out)
}

/// The duration frame changes made now on this thread animate with; 0 when they do not
/// animate (UIKit's inheritedAnimationDuration).
pub fn inherited_animation_duration() -> Result<f64> {
    let mut out = 0.0;
    check(unsafe { sys::tether_animation_inherited_duration(&mut out) })?;
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// The clock
// ---------------------------------------------------------------------------------------------

impl Engine {
    /// Moves the clock forward by `seconds` (finite, >= 0) and runs the completions of the
    /// blocks whose animations ended by then. A completion that panicked gives
    /// `CallbackFailed` once the clock has moved and the other completions ran.
    pub fn advance(&self, seconds: f64) -> Result<()> {
        let scope = CompletionScope::enter();
        let status = unsafe { sys::tether_engine_advance(self.as_raw(), seconds) };
        scope.finish(status)
    }
    /// Sets the clock to `time` seconds (never backwards: `InvalidArgument`), as
    /// [`Engine::advance`].
    pub fn set_clock(&self, time: f64) -> Result<()> {
        let scope = CompletionScope::enter();
        let status = unsafe { sys::tether_engine_set_animation_clock(self.as_raw(), time) };
        scope.finish(status)
    }
    /// The clock, in seconds (0 when the engine was made).
    pub fn clock(&self) -> Result<f64> {
        let mut out = 0.0;
        check(unsafe { sys::tether_engine_animation_clock(self.as_raw(), &mut out) })?;
        Ok(out)
    }
    /// Whether an animation runs (or was stopped and its completion awaits the next advance).
    pub fn has_running_animations(&self) -> Result<bool> {
        let mut out = 0;
        check(unsafe { sys::tether_engine_has_running_animations(self.as_raw(), &mut out) })?;
        Ok(out != 0)
    }
    /// Stops every animation: views show their model frames; the completions run at the next
    /// advance with finished = false.
    pub fn remove_all_animations(&self) -> Result<()> {
        check(unsafe { sys::tether_engine_remove_all_animations(self.as_raw()) })
    }
}

// ---------------------------------------------------------------------------------------------
// Presentation frames
// ---------------------------------------------------------------------------------------------

impl<'e> View<'e> {
    fn read_rect(&self, call: impl FnOnce(*mut c_void, u64, *mut Rect) -> i32) -> Result<Rect> {
        let mut out = Rect::default();
        check(call(self.engine().as_raw(), self.id(), &mut out))?;
        Ok(out)
    }
    /// Where the view is shown at the engine's clock, in its superview's coordinates (the
    /// superview's presentation frame); [`View::frame`] when it does not animate.
    pub fn presentation_frame(&self) -> Result<Rect> {
        self.read_rect(|engine, view, out| unsafe { sys::tether_view_presentation_frame(engine, view, out) })
    }
    /// The presentation frame at clock time `time` if nothing changes meanwhile.
    pub fn presentation_frame_at(&self, time: f64) -> Result<Rect> {
        self.read_rect(|engine, view, out| unsafe {
            sys::tether_view_presentation_frame_at(engine, view, time, out)
        })
    }
    /// The presentation frame in the bounds of `ancestor` (this view or one of its superviews;
    /// else `InvalidState`).
    pub fn presentation_frame_in(&self, ancestor: &View<'e>) -> Result<Rect> {
        let ancestor = ancestor.id();
        self.read_rect(|engine, view, out| unsafe {
            sys::tether_view_presentation_frame_in(engine, view, ancestor, out)
        })
    }
    /// How fast the presentation frame changes, in points per second for x, y, width, height.
    pub fn presentation_velocity(&self) -> Result<Rect> {
        self.read_rect(|engine, view, out| unsafe { sys::tether_view_presentation_velocity(engine, view, out) })
    }
    /// The subtree's presentation frames in one call: this view first, then depth-first.
    pub fn subtree_presentation_frames(&self) -> Result<Vec<(ViewId, Rect)>> {
        let (engine, id) = (self.engine().as_raw(), self.id());
        let mut needed = 0usize;
        let status = unsafe {
            sys::tether_view_subtree_presentation_frames(
                engine,
                id,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
                &mut needed,
            )
        };
        if status != sys::TETHER_OK && status != sys::TETHER_E_BUFFER_TOO_SMALL {
            check(status)?;
        }
        loop {
            let capacity = needed;
            let mut views = vec![0u64; capacity];
            let mut frames = vec![Rect::default(); capacity];
            let (views_out, frames_out) = if capacity == 0 {
                (std::ptr::null_mut(), std::ptr::null_mut())
            } else {
                (views.as_mut_ptr(), frames.as_mut_ptr())
            };
            let status = unsafe {
                sys::tether_view_subtree_presentation_frames(
                    engine, id, views_out, frames_out, capacity, &mut needed,
                )
            };
            if status == sys::TETHER_E_BUFFER_TOO_SMALL && needed > capacity {
                continue;
            }
            check(status)?;
            views.truncate(needed);
            frames.truncate(needed);
            return Ok(views.into_iter().zip(frames).collect());
        }
    }
    /// Whether a frame animation of this view runs.
    pub fn is_animating(&self) -> Result<bool> {
        let mut out = 0;
        check(unsafe { sys::tether_view_is_animating(self.engine().as_raw(), self.id(), &mut out) })?;
        Ok(out != 0)
    }
    /// The clock time at which the view's running animations have all ended (the clock when
    /// none runs).
    pub fn animation_end_time(&self) -> Result<f64> {
        let mut out = 0.0;
        check(unsafe { sys::tether_view_animation_end_time(self.engine().as_raw(), self.id(), &mut out) })?;
        Ok(out)
    }
    /// Stops this view's own frame animations (not its subviews'); completions left without
    /// animations run at the next advance with finished = false.
    pub fn remove_all_animations(&self) -> Result<()> {
        check(unsafe { sys::tether_view_remove_all_animations(self.engine().as_raw(), self.id()) })
    }
}
