//! Safe Rust binding of Tether, an Auto Layout engine, over its stable C ABI (Include/tether.h;
//! raw declarations in the `tether-sys` crate, generated from the headers).
//!
//! * [`Engine`] owns a `tether_engine` (freed on drop); [`View`], [`StackView`], [`Guide`],
//!   [`Anchor`] and [`Constraint`] borrow it (`'e`), so none outlives it: a handle of a dropped
//!   engine does not compile.
//! * Every fallible call returns [`Result`]: [`Error`] carries the status as [`ErrorKind`] and
//!   Tether's message (tether_last_error()).
//! * Constraints read as in UIKit: `a.leading().eq(b.trailing() + 8.0)` makes an inactive
//!   constraint `a.leading == 1.0 * b.trailing + 8`; [`Engine::activate`] activates a batch.
//! * [`Solver`] is the Cassowary solver alone (variables, constraints, edit variables).
//! * [`animate`] runs a closure in an animation block (UIKit's block animations): frames that
//!   change in it are shown moving ([`View::presentation_frame`]) as [`Engine::advance`] moves
//!   the engine's clock; [`AnimationBlock`] is the block as a guard.
//! * [`View::render_svg`] draws a subtree as SVG ([`SvgOptions`] for what is drawn); running
//!   animations as stills ([`View::render_svg_at`], [`View::svg_frames`]) or as one animated
//!   document ([`View::render_animated_svg`], played [`Repeat`] times).
//!
//! See bindings/rust/README.md for the design and what is not wrapped.
//!
//! ```
//! use tether::{Engine, Item, Rect};
//! let engine = Engine::new()?;
//! let root = engine.view(Rect { x: 0.0, y: 0.0, width: 320.0, height: 100.0 })?;
//! let label = root.subview("label")?;
//! engine.activate(&[
//!     label.leading().eq(root.leading() + 16.0)?,
//!     label.trailing().eq(root.trailing() - 16.0)?,
//!     label.top().eq(root.top() + 8.0)?,
//!     label.height().eq_const(20.0)?,
//! ])?;
//! root.layout_if_needed()?;
//! assert_eq!(label.frame()?, Rect { x: 16.0, y: 8.0, width: 288.0, height: 20.0 });
//! # Ok::<(), tether::Error>(())
//! ```
//!
//! A view cannot outlive its engine: this does not compile.
//!
//! ```compile_fail
//! use tether::{Engine, Rect};
//! let view = {
//!     let engine = Engine::new().unwrap();
//!     engine.view(Rect::default()).unwrap()
//! }; // error[E0597]: `engine` does not live long enough
//! view.frame().unwrap();
//! ```

mod animation;
mod error;
mod render;
mod solver;
mod view;

pub use animation::{
    animate, animate_with_completion, commit_animations, inherited_animation_duration,
    open_animation_blocks, perform_without_animation, AnimationBlock, AnimationCurve,
    AnimationOptions, Timing,
};
pub use error::{Error, ErrorKind, Result};
pub use render::{Repeat, SvgOptions};
pub use solver::{Expression, Solver, SolverConstraint, SolverRelation, Term, Variable};
pub use view::*;

pub use tether_sys as sys;

use std::ffi::{CStr, CString};
use std::os::raw::c_char;

/// Named priorities (UILayoutPriority), for [`Constraint::set_priority`] and the view model.
pub mod priority {
    pub const REQUIRED: f32 = 1000.0;
    pub const DEFAULT_HIGH: f32 = 750.0;
    pub const DEFAULT_LOW: f32 = 250.0;
    pub const FITTING_SIZE: f32 = 50.0;
}

/// The library's version string ("0.12.0").
pub fn version() -> String {
    unsafe { CStr::from_ptr(sys::tether_version_string()).to_string_lossy().into_owned() }
}

/// The ABI version of the loaded library (TETHER_ABI_VERSION of the headers it was built from).
pub fn abi_version() -> u32 {
    unsafe { sys::tether_abi_version() }
}

pub(crate) fn cstring(text: &str) -> Result<CString> {
    CString::new(text).map_err(|_| error::invalid("a string passed to Tether holds a NUL byte"))
}

/// The two-call pattern for strings: `call(buffer, capacity, needed)`.
pub(crate) fn read_string<F>(mut call: F) -> Result<String>
where
    F: FnMut(*const c_char, usize, *mut usize) -> i32,
{
    let mut needed = 0usize;
    let status = call(std::ptr::null(), 0, &mut needed);
    if status != sys::TETHER_OK && status != sys::TETHER_E_BUFFER_TOO_SMALL {
        error::check(status)?;
    }
    loop {
        let mut buffer = vec![0u8; needed.max(1)];
        let capacity = buffer.len();
        let status = call(buffer.as_mut_ptr() as *const c_char, capacity, &mut needed);
        if status == sys::TETHER_E_BUFFER_TOO_SMALL && needed > capacity {
            continue;
        }
        error::check(status)?;
        let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
        buffer.truncate(end);
        return Ok(String::from_utf8_lossy(&buffer).into_owned());
    }
}

/// The two-call pattern for arrays of `T`: `call(out, capacity, needed)`.
pub(crate) fn read_list<T: Copy + Default, F>(mut call: F) -> Result<Vec<T>>
where
    F: FnMut(*mut T, usize, *mut usize) -> i32,
{
    let mut needed = 0usize;
    let status = call(std::ptr::null_mut(), 0, &mut needed);
    if status != sys::TETHER_OK && status != sys::TETHER_E_BUFFER_TOO_SMALL {
        error::check(status)?;
    }
    loop {
        let mut out = vec![T::default(); needed];
        let capacity = out.len();
        let status = call(
            if capacity == 0 { std::ptr::null_mut() } else { out.as_mut_ptr() },
            capacity,
            &mut needed,
        );
        if status == sys::TETHER_E_BUFFER_TOO_SMALL && needed > capacity {
            continue;
        }
        error::check(status)?;
        out.truncate(needed);
        return Ok(out);
    }
}
