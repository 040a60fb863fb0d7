//! Errors: every C status other than TETHER_OK, with tether_last_error()'s message.
use std::ffi::CStr;
use std::fmt;
use tether_sys as sys;

/// The kind of failure: one variant per `TETHER_E_*` status of Include/tether/base.h.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    NullArgument,
    InvalidHandle,
    InvalidId,
    InvalidArgument,
    BufferTooSmall,
    Unsatisfiable,
    Duplicate,
    NotFound,
    InvalidUtf8,
    InUse,
    InvalidState,
    Internal,
    CallbackFailed,
    Parse,
    Io,
    NoMemory,
    /// A status this binding does not know (a newer library).
    Other(i32),
}

impl ErrorKind {
    pub fn from_status(status: i32) -> ErrorKind {
        match status {
            sys::TETHER_E_NULL_ARGUMENT => ErrorKind::NullArgument,
            sys::TETHER_E_INVALID_HANDLE => ErrorKind::InvalidHandle,
            sys::TETHER_E_INVALID_ID => ErrorKind::InvalidId,
            sys::TETHER_E_INVALID_ARGUMENT => ErrorKind::InvalidArgument,
            sys::TETHER_E_BUFFER_TOO_SMALL => ErrorKind::BufferTooSmall,
            sys::TETHER_E_UNSATISFIABLE => ErrorKind::Unsatisfiable,
            sys::TETHER_E_DUPLICATE => ErrorKind::Duplicate,
            sys::TETHER_E_NOT_FOUND => ErrorKind::NotFound,
            sys::TETHER_E_INVALID_UTF8 => ErrorKind::InvalidUtf8,
            sys::TETHER_E_IN_USE => ErrorKind::InUse,
            sys::TETHER_E_INVALID_STATE => ErrorKind::InvalidState,
            sys::TETHER_E_INTERNAL => ErrorKind::Internal,
            sys::TETHER_E_CALLBACK_FAILED => ErrorKind::CallbackFailed,
            sys::TETHER_E_PARSE => ErrorKind::Parse,
            sys::TETHER_E_IO => ErrorKind::Io,
            sys::TETHER_E_NO_MEMORY => ErrorKind::NoMemory,
            other => ErrorKind::Other(other),
        }
    }
}

/// A failed call: its kind, the C status and Tether's message (tether_last_error()).
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    pub kind: ErrorKind,
    pub status: i32,
    pub message: String,
    /// For a visual format that did not parse: the caret's column.
    pub position: Option<usize>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = unsafe { CStr::from_ptr(sys::tether_status_name(self.status)) };
        write!(f, "{}: {}", name.to_string_lossy(), self.message)
    }
}

impl std::error::Error for Error {}

/// The result of every fallible call.
pub type Result<T> = std::result::Result<T, Error>;

/// TETHER_OK -> Ok(()), anything else -> Err with the thread's last message.
pub(crate) fn check(status: i32) -> Result<()> {
    if status == sys::TETHER_OK {
        return Ok(());
    }
    let message = unsafe {
        let text = sys::tether_last_error();
        if text.is_null() {
            String::new()
        } else {
            CStr::from_ptr(text).to_string_lossy().into_owned()
        }
    };
    Err(Error { kind: ErrorKind::from_status(status), status, message, position: None })
}

/// An argument the binding rejects before calling C (a string holding a NUL byte).
pub(crate) fn invalid(message: &str) -> Error {
    Error {
        kind: ErrorKind::InvalidArgument,
        status: sys::TETHER_E_INVALID_ARGUMENT,
        message: message.to_string(),
        position: None,
    }
}
