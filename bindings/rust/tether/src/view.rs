//! The view model: Engine, views, stack views, layout guides, anchors and constraints.
use std::cell::RefCell;
use std::ffi::{c_void, CStr, CString};
use std::ops::{Add, Mul, Sub};
use std::os::raw::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::{check, Result};
use crate::{cstring, read_list, read_string, sys};

pub use sys::{tether_insets as Insets, tether_measurement as Measurement, tether_rect as Rect,
              tether_size as Size};

/// A view's id inside its engine (what the measure closure receives; compare with
/// [`View::id`]).
pub type ViewId = u64;

type MeasureFn = dyn FnMut(ViewId, f64) -> Option<Measurement>;
type DiagnosticFn = dyn FnMut(&str);

/// A layout engine (`tether_engine`): owns views, guides and constraints; freed on drop, with the
/// closures handed to it. Not `Send`/`Sync`: the C engine is used from one thread at a time.
#[allow(clippy::vec_box)] // the outer Box is the closure's fixed address, whatever the Vec does
pub struct Engine {
    raw: *mut c_void,
    // Boxed twice so the C context (a thin pointer to the inner Box) stays put. Replaced closures
    // are kept until the engine goes: a closure may replace itself while it runs.
    measure: RefCell<Vec<Box<Box<MeasureFn>>>>,
    diagnostic: RefCell<Vec<Box<Box<DiagnosticFn>>>>,
}

unsafe extern "C" fn measure_trampoline(
    context: *mut c_void,
    view: u64,
    proposed_width: f64,
    out: *mut Measurement,
) -> i32 {
    let closure = &mut *(context as *mut Box<MeasureFn>);
    match catch_unwind(AssertUnwindSafe(|| closure(view, proposed_width))) {
        Ok(Some(measurement)) => {
            *out = measurement;
            0
        }
        _ => 1, // None or a panic: the layout pass fails with TETHER_E_CALLBACK_FAILED
    }
}

unsafe extern "C" fn diagnostic_trampoline(context: *mut c_void, message: *const c_char) {
    let closure = &mut *(context as *mut Box<DiagnosticFn>);
    let text = if message.is_null() {
        String::new()
    } else {
        CStr::from_ptr(message).to_string_lossy().into_owned()
    };
    let _ = catch_unwind(AssertUnwindSafe(|| closure(&text)));
}

impl Engine {
    /// A new, empty engine.
    pub fn new() -> Result<Engine> {
        let mut raw = std::ptr::null_mut();
        check(unsafe { sys::tether_engine_new(&mut raw) })?;
        Ok(Engine { raw, measure: RefCell::new(Vec::new()), diagnostic: RefCell::new(Vec::new()) })
    }

    /// The raw handle, for calls this crate does not wrap (valid while `self` lives).
    pub fn as_raw(&self) -> *mut c_void {
        self.raw
    }

    /// Measures the views whose measuring is on ([`View::set_measured`]): the closure gets the
    /// view's id and the proposed width (NaN when unknown) and returns the measurement, or None
    /// to fail the layout pass (TETHER_E_CALLBACK_FAILED); a panic counts as None.
    pub fn set_measure<F>(&self, closure: F) -> Result<()>
    where
        F: FnMut(ViewId, f64) -> Option<Measurement> + 'static,
    {
        let mut boxed: Box<Box<MeasureFn>> = Box::new(Box::new(closure));
        let context = &mut *boxed as *mut Box<MeasureFn> as *mut c_void;
        check(unsafe {
            sys::tether_engine_set_measure_callback(self.raw, Some(measure_trampoline), context)
        })?;
        self.measure.borrow_mut().push(boxed);
        Ok(())
    }

    /// Receives the engine's diagnostics (a broken constraint's report, as UIKit logs it).
    pub fn set_diagnostic_handler<F>(&self, closure: F) -> Result<()>
    where
        F: FnMut(&str) + 'static,
    {
        let mut boxed: Box<Box<DiagnosticFn>> = Box::new(Box::new(closure));
        let context = &mut *boxed as *mut Box<DiagnosticFn> as *mut c_void;
        check(unsafe {
            sys::tether_engine_set_diagnostic_handler(self.raw, Some(diagnostic_trampoline), context)
        })?;
        self.diagnostic.borrow_mut().push(boxed);
        Ok(())
    }

    /// A new root view with `frame`.
    pub fn view(&self, frame: Rect) -> Result<View<'_>> {
        let mut id = 0;
        check(unsafe { sys::tether_view_new(self.raw, frame, &mut id) })?;
        Ok(View { engine: self, id })
    }

    /// A new stack view (UIStackView) with `frame`.
    pub fn stack_view(&self, frame: Rect) -> Result<StackView<'_>> {
        let mut id = 0;
        check(unsafe { sys::tether_stack_view_new(self.raw, frame, &mut id) })?;
        Ok(StackView { view: View { engine: self, id } })
    }

    /// The view with this id (e.g. one the measure closure received), checked to be alive.
    pub fn view_with_id(&self, id: ViewId) -> Result<View<'_>> {
        let mut superview = 0;
        check(unsafe { sys::tether_view_superview(self.raw, id, &mut superview) })?;
        Ok(View { engine: self, id })
    }

    /// Activates constraints together (NSLayoutConstraint.activate): all or none.
    pub fn activate(&self, constraints: &[Constraint<'_>]) -> Result<()> {
        let ids: Vec<u64> = constraints.iter().map(|c| c.id).collect();
        let mut failed = 0usize;
        check(unsafe {
            sys::tether_layout_constraint_activate(
                self.raw,
                ids.as_ptr() as *mut u64,
                ids.len(),
                &mut failed,
            )
        })
    }

    /// Deactivates constraints together.
    pub fn deactivate(&self, constraints: &[Constraint<'_>]) -> Result<()> {
        let ids: Vec<u64> = constraints.iter().map(|c| c.id).collect();
        check(unsafe {
            sys::tether_layout_constraint_deactivate(self.raw, ids.as_ptr() as *mut u64, ids.len())
        })
    }

    /// Constraints from the visual format language (inactive; activate them). `views` names
    /// the items, `metrics` the numbers. A format that does not parse gives
    /// [`crate::ErrorKind::Parse`] with Apple's message and [`crate::Error::position`].
    pub fn visual_format<'e>(
        &'e self,
        format: &str,
        options: u32,
        metrics: &[(&str, f64)],
        views: &[(&str, &dyn Item<'e>)],
    ) -> Result<Vec<Constraint<'e>>> {
        let format = cstring(format)?;
        let names = NamedArguments::new(metrics, views)?;
        self.constraints_from_text(|out, capacity, needed, position| unsafe {
            sys::tether_layout_constraints_with_visual_format(
                self.raw,
                format.as_ptr(),
                options,
                names.metric_ptrs.as_ptr() as *mut *const c_char,
                names.metric_values.as_ptr() as *mut f64,
                names.metric_values.len(),
                names.view_ptrs.as_ptr() as *mut *const c_char,
                names.items.as_ptr() as *mut u64,
                names.items.len(),
                out,
                capacity,
                needed,
                position,
            )
        })
    }

    /// Constraints from equations, one per line or `;` (`a.leading == b.trailing + 8 @ 750`,
    /// docs: Include/tether/equations.h), inactive. Errors as for [`Engine::visual_format`].
    pub fn equations<'e>(
        &'e self,
        text: &str,
        metrics: &[(&str, f64)],
        views: &[(&str, &dyn Item<'e>)],
    ) -> Result<Vec<Constraint<'e>>> {
        let text = cstring(text)?;
        let names = NamedArguments::new(metrics, views)?;
        self.constraints_from_text(|out, capacity, needed, position| unsafe {
            sys::tether_layout_constraints_with_equations(
                self.raw,
                text.as_ptr(),
                names.metric_ptrs.as_ptr() as *mut *const c_char,
                names.metric_values.as_ptr() as *mut f64,
                names.metric_values.len(),
                names.view_ptrs.as_ptr() as *mut *const c_char,
                names.items.as_ptr() as *mut u64,
                names.items.len(),
                out,
                capacity,
                needed,
                position,
            )
        })
    }

    /// Runs one of the text-to-constraints calls (two-call pattern, with the error's position
    /// in the text) and wraps the constraints it made.
    fn constraints_from_text<'e>(
        &'e self,
        call: impl Fn(*mut u64, usize, *mut usize, *mut usize) -> i32,
    ) -> Result<Vec<Constraint<'e>>> {
        let mut position = usize::MAX;
        let result = read_list(|out, capacity, needed| call(out, capacity, needed, &mut position as *mut usize));
        match result {
            Ok(ids) => Ok(ids.into_iter().map(|id| Constraint { engine: self, id }).collect()),
            Err(mut error) => {
                if position != usize::MAX {
                    error.position = Some(position);
                }
                Err(error)
            }
        }
    }

    /// A new layout guide of no view yet ([`View::add_layout_guide`]).
    pub fn guide(&self) -> Result<Guide<'_>> {
        let mut id = 0;
        check(unsafe { sys::tether_guide_new(self.raw, &mut id) })?;
        Ok(Guide { engine: self, id })
    }

    /// Frames are rounded to 1/scale points (the device's pixels); 0 turns rounding off.
    pub fn set_display_scale(&self, scale: f64) -> Result<()> {
        check(unsafe { sys::tether_engine_set_display_scale(self.raw, scale) })
    }
    pub fn display_scale(&self) -> Result<f64> {
        let mut out = 0.0;
        check(unsafe { sys::tether_engine_display_scale(self.raw, &mut out) })?;
        Ok(out)
    }
    /// TETHER_LAYOUT_DIRECTION_LEFT_TO_RIGHT or _RIGHT_TO_LEFT, for views that do not force one.
    pub fn set_default_direction(&self, direction: i32) -> Result<()> {
        check(unsafe { sys::tether_engine_set_default_direction(self.raw, direction) })
    }

    /// Loads a layout document (JSON, docs/layout-documents.md): its root views, laid out.
    pub fn load_document(&self, json: &str) -> Result<Vec<View<'_>>> {
        let ids = read_list(|out, capacity, needed| unsafe {
            sys::tether_document_load(
                self.raw,
                json.as_ptr() as *const c_char,
                json.len(),
                out,
                capacity,
                needed,
            )
        })?;
        Ok(ids.into_iter().map(|id| View { engine: self, id }).collect())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Frees the C engine first; the closures (fields) are dropped after, never called again.
        // Freeing runs the completions of the animations it stops (finished = false); a panic in
        // one is dropped here, not reported by an unrelated call.
        let _discard = crate::animation::CompletionScope::enter();
        unsafe {
            sys::tether_engine_free(self.raw);
        }
    }
}

/// An item that has anchors: a view, a stack view or a layout guide.
pub trait Item<'e> {
    fn engine(&self) -> &'e Engine;
    /// The item's id in the C ABI (`tether_item`).
    fn item_id(&self) -> u64;

    fn anchor(&self, attribute: i32) -> Anchor<'e> {
        Anchor { engine: self.engine(), item: self.item_id(), attribute }
    }
    fn left(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_LEFT) }
    fn right(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_RIGHT) }
    fn top(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_TOP) }
    fn bottom(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_BOTTOM) }
    fn leading(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_LEADING) }
    fn trailing(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_TRAILING) }
    fn width(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_WIDTH) }
    fn height(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_HEIGHT) }
    fn center_x(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_CENTER_X) }
    fn center_y(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_CENTER_Y) }
    fn first_baseline(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_FIRST_BASELINE) }
    fn last_baseline(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_LAST_BASELINE) }
    fn leading_margin(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_LEADING_MARGIN) }
    fn trailing_margin(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_TRAILING_MARGIN) }
    fn top_margin(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_TOP_MARGIN) }
    fn bottom_margin(&self) -> Anchor<'e> { self.anchor(sys::TETHER_ATTRIBUTE_BOTTOM_MARGIN) }

    /// Sets the identifier (UIKit's `identifier`/`accessibilityIdentifier`, used in reports).
    fn set_identifier(&self, identifier: &str) -> Result<()> {
        let text = cstring(identifier)?;
        check(unsafe {
            sys::tether_item_set_identifier(self.engine().raw, self.item_id(), text.as_ptr())
        })
    }
    fn identifier(&self) -> Result<String> {
        read_string(|buffer, capacity, needed| unsafe {
            sys::tether_item_identifier(self.engine().raw, self.item_id(), buffer, capacity, needed)
        })
    }
    /// Whether the item's frame is not determined by its constraints (hasAmbiguousLayout).
    fn has_ambiguous_layout(&self) -> Result<bool> {
        let mut out = 0;
        check(unsafe {
            sys::tether_item_has_ambiguous_layout(self.engine().raw, self.item_id(), &mut out)
        })?;
        Ok(out != 0)
    }
    /// The ambiguous quantities (x, y, width, height) and the ranges they take.
    fn ambiguities(&self) -> Result<Vec<sys::tether_ambiguity>> {
        read_list(|out, capacity, needed| unsafe {
            sys::tether_item_ambiguities(self.engine().raw, self.item_id(), out, capacity, needed)
        })
    }
    /// UIKit's description of the item.
    fn description(&self) -> Result<String> {
        read_string(|buffer, capacity, needed| unsafe {
            sys::tether_item_description(self.engine().raw, self.item_id(), buffer, capacity, needed)
        })
    }
}

/// A view (UIView) of an engine; a copyable id that cannot outlive the engine.
#[derive(Clone, Copy, Debug)]
pub struct View<'e> {
    engine: &'e Engine,
    id: u64,
}

impl<'e> PartialEq for View<'e> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.engine, other.engine) && self.id == other.id
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Engine({:p})", self.raw)
    }
}

impl<'e> Item<'e> for View<'e> {
    fn engine(&self) -> &'e Engine { self.engine }
    fn item_id(&self) -> u64 { self.id }
}

/// A layout guide (UILayoutGuide): the safe area, the margins, or one of the caller's.
#[derive(Clone, Copy, Debug)]
pub struct Guide<'e> {
    engine: &'e Engine,
    id: u64,
}

impl<'e> Item<'e> for Guide<'e> {
    fn engine(&self) -> &'e Engine { self.engine }
    fn item_id(&self) -> u64 { self.id }
}

impl<'e> Guide<'e> {
    /// The guide's frame in its owning view's coordinates.
    pub fn layout_frame(&self) -> Result<Rect> {
        let mut out = Rect::default();
        check(unsafe { sys::tether_guide_layout_frame(self.engine.raw, self.id, &mut out) })?;
        Ok(out)
    }
}

macro_rules! setter {
    ($(#[$doc:meta])* $name:ident, $c:ident, $t:ty) => {
        $(#[$doc])*
        pub fn $name(&self, value: $t) -> Result<()> {
            check(unsafe { sys::$c(self.engine.raw, self.id, value.into()) })
        }
    };
}

impl<'e> View<'e> {
    pub fn id(&self) -> ViewId { self.id }

    /// A new view added as the last subview, with translatesAutoresizingMask off and an
    /// identifier (tether_view_new_subview).
    pub fn subview(&self, identifier: &str) -> Result<View<'e>> {
        let text = cstring(identifier)?;
        let mut id = 0;
        check(unsafe { sys::tether_view_new_subview(self.engine.raw, self.id, text.as_ptr(), &mut id) })?;
        Ok(View { engine: self.engine, id })
    }
    pub fn add_subview(&self, child: &View<'e>) -> Result<()> {
        check(unsafe { sys::tether_view_add_subview(self.engine.raw, self.id, child.id) })
    }
    pub fn remove_from_superview(&self) -> Result<()> {
        check(unsafe { sys::tether_view_remove_from_superview(self.engine.raw, self.id) })
    }
    pub fn superview(&self) -> Result<Option<View<'e>>> {
        let mut out = 0;
        check(unsafe { sys::tether_view_superview(self.engine.raw, self.id, &mut out) })?;
        Ok(if out == 0 { None } else { Some(View { engine: self.engine, id: out }) })
    }
    pub fn subviews(&self) -> Result<Vec<View<'e>>> {
        let ids = read_list(|out, capacity, needed| unsafe {
            sys::tether_view_subviews(self.engine.raw, self.id, out, capacity, needed)
        })?;
        Ok(ids.into_iter().map(|id| View { engine: self.engine, id }).collect())
    }
    /// Frees the view (and its subtree's constraints); the id is dead afterwards and calls on
    /// it give [`crate::ErrorKind::InvalidId`].
    pub fn free(self) -> Result<()> {
        check(unsafe { sys::tether_view_free(self.engine.raw, self.id) })
    }
    setter!(set_frame, tether_view_set_frame, Rect);
    /// The frame in the superview's coordinates.
    pub fn frame(&self) -> Result<Rect> {
        let mut out = Rect::default();
        check(unsafe { sys::tether_view_frame(self.engine.raw, self.id, &mut out) })?;
        Ok(out)
    }
    /// The direction the view's leading and trailing resolve with:
    /// TETHER_LAYOUT_DIRECTION_LEFT_TO_RIGHT or _RIGHT_TO_LEFT (the engine's default direction
    /// unless the view's semantic content attribute forces one).
    pub fn effective_layout_direction(&self) -> Result<i32> {
        let mut out = 0;
        check(unsafe {
            sys::tether_view_effective_layout_direction(self.engine.raw, self.id, &mut out)
        })?;
        Ok(out)
    }
    /// The frame in the root's coordinates (the frames of the superviews added up).
    pub fn frame_in_root(&self) -> Result<Rect> {
        let mut rect = self.frame()?;
        let mut parent = self.superview()?;
        while let Some(view) = parent {
            let frame = view.frame()?;
            rect.x += frame.x;
            rect.y += frame.y;
            parent = view.superview()?;
        }
        Ok(rect)
    }
    /// The frame before rounding to the display scale's pixels.
    pub fn unrounded_frame(&self) -> Result<Rect> {
        let mut out = Rect::default();
        check(unsafe { sys::tether_view_unrounded_frame(self.engine.raw, self.id, &mut out) })?;
        Ok(out)
    }
    /// systemLayoutSizeFitting: the size closest to `target` the subtree allows, pulled at the
    /// given priorities ([`crate::priority::FITTING_SIZE`]: as small as the content allows).
    pub fn system_layout_size_fitting(&self, target: Size, horizontal: f32, vertical: f32) -> Result<Size> {
        let mut out = Size::default();
        check(unsafe {
            sys::tether_view_system_layout_size_fitting(self.engine.raw, self.id, target, horizontal, vertical, &mut out)
        })?;
        Ok(out)
    }
    /// Adds a guide made by [`Engine::guide`] to this view.
    pub fn add_layout_guide(&self, guide: &Guide<'e>) -> Result<()> {
        check(unsafe { sys::tether_view_add_layout_guide(self.engine.raw, self.id, guide.id) })
    }
    pub fn set_translates_autoresizing_mask(&self, translates: bool) -> Result<()> {
        check(unsafe {
            sys::tether_view_set_translates_autoresizing_mask(self.engine.raw, self.id, translates as i32)
        })
    }
    setter!(
        /// TETHER_AUTORESIZING_* bits (see [`autoresizing`]).
        set_autoresizing_mask, tether_view_set_autoresizing_mask, u32);
    pub fn autoresizing_mask(&self) -> Result<u32> {
        let mut out = 0;
        check(unsafe { sys::tether_view_autoresizing_mask(self.engine.raw, self.id, &mut out) })?;
        Ok(out)
    }
    setter!(set_intrinsic_content_size, tether_view_set_intrinsic_content_size, Size);
    pub fn intrinsic_content_size(&self) -> Result<Size> {
        let mut out = Size::default();
        check(unsafe { sys::tether_view_intrinsic_content_size(self.engine.raw, self.id, &mut out) })?;
        Ok(out)
    }
    /// Whether the engine's measure closure sizes this view (height for width).
    pub fn set_measured(&self, measured: bool) -> Result<()> {
        check(unsafe { sys::tether_view_set_measured(self.engine.raw, self.id, measured as i32) })
    }
    pub fn set_hidden(&self, hidden: bool) -> Result<()> {
        check(unsafe { sys::tether_view_set_hidden(self.engine.raw, self.id, hidden as i32) })
    }
    /// Content hugging priority on an axis (TETHER_AXIS_HORIZONTAL or _VERTICAL).
    pub fn set_content_hugging_priority(&self, axis: i32, priority: f32) -> Result<()> {
        check(unsafe { sys::tether_view_set_content_hugging_priority(self.engine.raw, self.id, axis, priority) })
    }
    pub fn set_compression_resistance_priority(&self, axis: i32, priority: f32) -> Result<()> {
        check(unsafe {
            sys::tether_view_set_compression_resistance_priority(self.engine.raw, self.id, axis, priority)
        })
    }
    setter!(set_layout_margins, tether_view_set_layout_margins, Insets);
    setter!(set_safe_area_insets, tether_view_set_safe_area_insets, Insets);
    pub fn safe_area_layout_guide(&self) -> Result<Guide<'e>> {
        let mut id = 0;
        check(unsafe { sys::tether_view_safe_area_layout_guide(self.engine.raw, self.id, &mut id) })?;
        Ok(Guide { engine: self.engine, id })
    }
    pub fn layout_margins_guide(&self) -> Result<Guide<'e>> {
        let mut id = 0;
        check(unsafe { sys::tether_view_layout_margins_guide(self.engine.raw, self.id, &mut id) })?;
        Ok(Guide { engine: self.engine, id })
    }
    /// Lays out the view's hierarchy now (layoutIfNeeded).
    pub fn layout_if_needed(&self) -> Result<()> {
        check(unsafe { sys::tether_view_layout_if_needed(self.engine.raw, self.id) })
    }
    /// Constraints that conflicted at the last layout pass (active, not enforced).
    pub fn broken_constraints(&self) -> Result<Vec<Constraint<'e>>> {
        let ids = read_list(|out, capacity, needed| unsafe {
            sys::tether_view_broken_constraints(self.engine.raw, self.id, out, capacity, needed)
        })?;
        Ok(ids.into_iter().map(|id| Constraint { engine: self.engine, id }).collect())
    }
    /// The subtree drawn as SVG (default options; [`View::render_svg_with`] for others,
    /// [`View::render_svg_at`] for a still of running animations).
    pub fn render_svg(&self) -> Result<String> {
        self.render_svg_with(&crate::SvgOptions::new())
    }
    /// The subtree drawn as SVG into the file at `path` (default options;
    /// [`View::write_svg_with`] for others).
    pub fn write_svg(&self, path: &str) -> Result<()> {
        self.write_svg_with(path, &crate::SvgOptions::new())
    }
    /// The hierarchy as a layout document (JSON), laid out first.
    pub fn save_document(&self) -> Result<String> {
        read_string(|buffer, capacity, needed| unsafe {
            sys::tether_document_save(self.engine.raw, self.id, buffer, capacity, needed)
        })
    }
}

/// TETHER_AUTORESIZING_* bits for [`View::set_autoresizing_mask`].
pub mod autoresizing {
    use crate::sys;
    pub const NONE: u32 = sys::TETHER_AUTORESIZING_NONE as u32;
    pub const FLEXIBLE_LEFT_MARGIN: u32 = sys::TETHER_AUTORESIZING_FLEXIBLE_LEFT_MARGIN as u32;
    pub const FLEXIBLE_WIDTH: u32 = sys::TETHER_AUTORESIZING_FLEXIBLE_WIDTH as u32;
    pub const FLEXIBLE_RIGHT_MARGIN: u32 = sys::TETHER_AUTORESIZING_FLEXIBLE_RIGHT_MARGIN as u32;
    pub const FLEXIBLE_TOP_MARGIN: u32 = sys::TETHER_AUTORESIZING_FLEXIBLE_TOP_MARGIN as u32;
    pub const FLEXIBLE_HEIGHT: u32 = sys::TETHER_AUTORESIZING_FLEXIBLE_HEIGHT as u32;
    pub const FLEXIBLE_BOTTOM_MARGIN: u32 = sys::TETHER_AUTORESIZING_FLEXIBLE_BOTTOM_MARGIN as u32;
}

/// A stack view (UIStackView); derefs to its [`View`].
#[derive(Clone, Copy, Debug)]
pub struct StackView<'e> {
    view: View<'e>,
}

impl<'e> std::ops::Deref for StackView<'e> {
    type Target = View<'e>;
    fn deref(&self) -> &View<'e> { &self.view }
}

impl<'e> Item<'e> for StackView<'e> {
    fn engine(&self) -> &'e Engine { self.view.engine }
    fn item_id(&self) -> u64 { self.view.id }
}

impl<'e> StackView<'e> {
    pub fn view(&self) -> View<'e> { self.view }
    pub fn add_arranged_subview(&self, view: &View<'e>) -> Result<()> {
        check(unsafe { sys::tether_stack_view_add_arranged_subview(self.view.engine.raw, self.view.id, view.id) })
    }
    pub fn arranged_subviews(&self) -> Result<Vec<View<'e>>> {
        let ids = read_list(|out, capacity, needed| unsafe {
            sys::tether_stack_view_arranged_subviews(self.view.engine.raw, self.view.id, out, capacity, needed)
        })?;
        Ok(ids.into_iter().map(|id| View { engine: self.view.engine, id }).collect())
    }
    /// TETHER_AXIS_HORIZONTAL or TETHER_AXIS_VERTICAL.
    pub fn set_axis(&self, axis: i32) -> Result<()> {
        check(unsafe { sys::tether_stack_view_set_axis(self.view.engine.raw, self.view.id, axis) })
    }
    /// TETHER_STACK_DISTRIBUTION_*.
    pub fn set_distribution(&self, distribution: i32) -> Result<()> {
        check(unsafe { sys::tether_stack_view_set_distribution(self.view.engine.raw, self.view.id, distribution) })
    }
    /// TETHER_STACK_ALIGNMENT_*.
    pub fn set_alignment(&self, alignment: i32) -> Result<()> {
        check(unsafe { sys::tether_stack_view_set_alignment(self.view.engine.raw, self.view.id, alignment) })
    }
    pub fn set_spacing(&self, spacing: f64) -> Result<()> {
        check(unsafe { sys::tether_stack_view_set_spacing(self.view.engine.raw, self.view.id, spacing) })
    }
}

/// One attribute of one item (NSLayoutAnchor).
#[derive(Clone, Copy, Debug)]
pub struct Anchor<'e> {
    engine: &'e Engine,
    item: u64,
    attribute: i32,
}

/// `multiplier * anchor + constant`, the right-hand side of a constraint; made by `anchor + c`,
/// `anchor - c`, `anchor * m`.
#[derive(Clone, Copy, Debug)]
pub struct AnchorExpr<'e> {
    anchor: Anchor<'e>,
    multiplier: f64,
    constant: f64,
}

impl<'e> From<Anchor<'e>> for AnchorExpr<'e> {
    fn from(anchor: Anchor<'e>) -> Self {
        AnchorExpr { anchor, multiplier: 1.0, constant: 0.0 }
    }
}

impl<'e> Add<f64> for Anchor<'e> {
    type Output = AnchorExpr<'e>;
    fn add(self, constant: f64) -> AnchorExpr<'e> { AnchorExpr::from(self) + constant }
}
impl<'e> Sub<f64> for Anchor<'e> {
    type Output = AnchorExpr<'e>;
    fn sub(self, constant: f64) -> AnchorExpr<'e> { AnchorExpr::from(self) - constant }
}
impl<'e> Mul<f64> for Anchor<'e> {
    type Output = AnchorExpr<'e>;
    fn mul(self, multiplier: f64) -> AnchorExpr<'e> { AnchorExpr::from(self) * multiplier }
}
impl<'e> Add<f64> for AnchorExpr<'e> {
    type Output = AnchorExpr<'e>;
    fn add(self, constant: f64) -> AnchorExpr<'e> {
        AnchorExpr { constant: self.constant + constant, ..self }
    }
}
impl<'e> Sub<f64> for AnchorExpr<'e> {
    type Output = AnchorExpr<'e>;
    fn sub(self, constant: f64) -> AnchorExpr<'e> { self + -constant }
}
impl<'e> Mul<f64> for AnchorExpr<'e> {
    type Output = AnchorExpr<'e>;
    fn mul(self, multiplier: f64) -> AnchorExpr<'e> {
        AnchorExpr { multiplier: self.multiplier * multiplier, constant: self.constant * multiplier, ..self }
    }
}

impl<'e> Anchor<'e> {
    pub fn attribute(&self) -> i32 { self.attribute }

    fn make(&self, relation: i32, rhs: AnchorExpr<'e>) -> Result<Constraint<'e>> {
        let mut id = 0;
        check(unsafe {
            sys::tether_layout_constraint_new(
                self.engine.raw,
                self.item,
                self.attribute,
                relation,
                rhs.anchor.item,
                rhs.anchor.attribute,
                rhs.multiplier,
                rhs.constant,
                crate::priority::REQUIRED,
                &mut id,
            )
        })?;
        Ok(Constraint { engine: self.engine, id })
    }
    fn make_constant(&self, relation: i32, constant: f64) -> Result<Constraint<'e>> {
        let mut id = 0;
        check(unsafe {
            sys::tether_layout_constraint_new(
                self.engine.raw,
                self.item,
                self.attribute,
                relation,
                0,
                sys::TETHER_ATTRIBUTE_NOT_AN_ATTRIBUTE,
                0.0,
                constant,
                crate::priority::REQUIRED,
                &mut id,
            )
        })?;
        Ok(Constraint { engine: self.engine, id })
    }
    /// `self == rhs` (rhs: an anchor, `anchor + c`, `anchor * m + c`): an inactive, required
    /// constraint; Tether rejects mixed axes with its message.
    pub fn eq<R: Into<AnchorExpr<'e>>>(&self, rhs: R) -> Result<Constraint<'e>> {
        self.make(sys::TETHER_RELATION_EQUAL, rhs.into())
    }
    pub fn ge<R: Into<AnchorExpr<'e>>>(&self, rhs: R) -> Result<Constraint<'e>> {
        self.make(sys::TETHER_RELATION_GREATER_THAN_OR_EQUAL, rhs.into())
    }
    pub fn le<R: Into<AnchorExpr<'e>>>(&self, rhs: R) -> Result<Constraint<'e>> {
        self.make(sys::TETHER_RELATION_LESS_THAN_OR_EQUAL, rhs.into())
    }
    /// `self == constant` (a dimension: `width == 44`).
    pub fn eq_const(&self, constant: f64) -> Result<Constraint<'e>> {
        self.make_constant(sys::TETHER_RELATION_EQUAL, constant)
    }
    pub fn ge_const(&self, constant: f64) -> Result<Constraint<'e>> {
        self.make_constant(sys::TETHER_RELATION_GREATER_THAN_OR_EQUAL, constant)
    }
    pub fn le_const(&self, constant: f64) -> Result<Constraint<'e>> {
        self.make_constant(sys::TETHER_RELATION_LESS_THAN_OR_EQUAL, constant)
    }
}

/// A layout constraint (NSLayoutConstraint) of an engine.
#[derive(Clone, Copy, Debug)]
pub struct Constraint<'e> {
    engine: &'e Engine,
    id: u64,
}

impl<'e> Constraint<'e> {
    pub fn id(&self) -> u64 { self.id }
    /// Sets the priority and returns the constraint (chains: `a.eq(b)?.with_priority(1.0)?`).
    pub fn with_priority(self, priority: f32) -> Result<Constraint<'e>> {
        self.set_priority(priority)?;
        Ok(self)
    }
    pub fn set_priority(&self, priority: f32) -> Result<()> {
        check(unsafe { sys::tether_layout_constraint_set_priority(self.engine.raw, self.id, priority) })
    }
    pub fn set_constant(&self, constant: f64) -> Result<()> {
        check(unsafe { sys::tether_layout_constraint_set_constant(self.engine.raw, self.id, constant) })
    }
    pub fn set_active(&self, active: bool) -> Result<()> {
        check(unsafe { sys::tether_layout_constraint_set_active(self.engine.raw, self.id, active as i32) })
    }
    pub fn set_identifier(&self, identifier: &str) -> Result<()> {
        let text = cstring(identifier)?;
        check(unsafe { sys::tether_layout_constraint_set_identifier(self.engine.raw, self.id, text.as_ptr()) })
    }
    /// UIKit's description (`<NSLayoutConstraint:0x... a.leading == b.trailing + 8>`).
    pub fn description(&self) -> Result<String> {
        read_string(|buffer, capacity, needed| unsafe {
            sys::tether_layout_constraint_description(self.engine.raw, self.id, buffer, capacity, needed)
        })
    }
    /// Items, attributes, relation, multiplier, constant, priority, active and broken flags.
    pub fn info(&self) -> Result<sys::tether_layout_constraint_info> {
        let mut out = sys::tether_layout_constraint_info::default();
        check(unsafe { sys::tether_layout_constraint_info_get(self.engine.raw, self.id, &mut out) })?;
        Ok(out)
    }
    /// Frees the constraint (deactivated first).
    pub fn free(self) -> Result<()> {
        check(unsafe { sys::tether_layout_constraint_free(self.engine.raw, self.id) })
    }
}

/// The metric and view names of a visual format or equation call, as the C API takes them:
/// NUL-terminated strings (kept alive here), their pointers, the values and the item ids.
struct NamedArguments {
    _metric_names: Vec<CString>,
    metric_ptrs: Vec<*const c_char>,
    metric_values: Vec<f64>,
    _view_names: Vec<CString>,
    view_ptrs: Vec<*const c_char>,
    items: Vec<u64>,
}

impl NamedArguments {
    fn new<'e>(metrics: &[(&str, f64)], views: &[(&str, &dyn Item<'e>)]) -> Result<NamedArguments> {
        let metric_names = metrics.iter().map(|m| cstring(m.0)).collect::<Result<Vec<_>>>()?;
        let view_names = views.iter().map(|v| cstring(v.0)).collect::<Result<Vec<_>>>()?;
        Ok(NamedArguments {
            metric_ptrs: metric_names.iter().map(|n| n.as_ptr()).collect(),
            metric_values: metrics.iter().map(|m| m.1).collect(),
            view_ptrs: view_names.iter().map(|n| n.as_ptr()).collect(),
            items: views.iter().map(|v| v.1.item_id()).collect(),
            _metric_names: metric_names,
            _view_names: view_names,
        })
    }
}
