import Tether

/// How to lay a document out for another screen than the one it was saved for: another device of
/// the table (Device.swift), the other orientation, or a freeform screen size.
///
/// - `device` replaces the document's `<device id=…>`: its screen size, safe-area insets and
///   system margins are what the roots get.
/// - `landscape` replaces the document's orientation (nil: the document's).
/// - `size` is a freeform screen, width × height as laid out (never swapped by `landscape`),
///   used instead of the device's screen size; without `device` the screen has zero safe-area
///   insets (no status bar, no sensor housing), with one it keeps that device's insets.
///
/// Roots sized to the document's screen are resized to the new one before their environment is
/// computed: a view controller's view that spans the screen's width gets the new width, and one
/// that spans its height (its full height, or from its saved `y` down to the screen's bottom)
/// the new height, less what a bar above it takes (Environment.rootFrame). A xib's top-level
/// view, a cell and an embedded view controller's view keep their saved height and get the new
/// width when they spanned the old screen's width. Subviews follow their autoresizing masks, as
/// in UIKit. A document that names no device the table has keeps every root's saved frame.
public struct ImportOptions: Equatable, Sendable {
    /// A device id of the table (`retina6_12`), or nil for the document's.
    public var device: String?
    /// Landscape (true) or portrait (false), or nil for the document's orientation.
    public var landscape: Bool?
    /// A freeform screen size in points, or nil for the device's screen.
    public var size: Size?

    public init(device: String? = nil, landscape: Bool? = nil, size: Size? = nil) {
        self.device = device
        self.landscape = landscape
        self.size = size
    }

    /// Throws for a device the table does not have (naming the known ones) or a size that is not
    /// finite and positive. The error has line and column 0: it is not in the document.
    public func validate() throws(ImportError) {
        if let device, Device.all[device] == nil {
            let known = Device.all.keys.sorted().joined(separator: ", ")
            throw ImportError(message: "unknown device \"\(device)\" (known devices: \(known))", line: 0, column: 0)
        }
        if let size, !(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0) {
            throw ImportError(message: "the screen size \(size.width) × \(size.height) is not finite and positive",
                              line: 0, column: 0)
        }
    }

    /// Whether the options change nothing.
    var isEmpty: Bool { device == nil && landscape == nil && size == nil }
}

/// The screen the roots are laid out for when options replace the document's (see
/// `ImportOptions`), and how each root's saved frame changes for it.
struct ScreenChange {
    /// The device the roots are laid out for, its screen size replaced by a freeform size; a
    /// freeform size without a device is a device of its own (`freeform`, zero insets).
    let device: Device?
    /// The table's id of the device (nil for a freeform screen without a device).
    let deviceID: String?
    let landscape: Bool
    /// The document's own screen, when it names a device the table has.
    let documentScreen: Size?

    /// The change `options` make to what `model` says (the options are valid).
    init(_ options: ImportOptions, documentDeviceID: String?, documentLandscape: Bool) {
        landscape = options.landscape ?? documentLandscape
        documentScreen = documentDeviceID.flatMap { Device.all[$0] }?.screenSize(landscape: documentLandscape)
        if let size = options.size {
            let portrait = landscape ? Size(width: size.height, height: size.width) : size
            if let id = options.device, let base = Device.all[id] {
                deviceID = id
                device = Device(id: id, name: base.name, portraitSize: portrait,
                                portraitInsets: base.portraitInsets, landscapeInsets: base.landscapeInsets)
            } else {
                deviceID = nil
                device = Device(id: "freeform", name: "freeform \(Self.points(size.width)) × \(Self.points(size.height))",
                                portraitSize: portrait,
                                portraitInsets: .zero, landscapeInsets: .zero)
            }
        } else {
            deviceID = options.device ?? documentDeviceID
            device = deviceID.flatMap { Device.all[$0] }
        }
    }

    /// `600`, `600.5`: a size in a device's name.
    private static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The screen the roots are laid out on.
    var screen: Size? { device?.screenSize(landscape: landscape) }

    /// `saved`, the frame of `root`, resized for the new screen (see `ImportOptions`).
    func rootFrame(_ root: RootSpec, saved: Rect) -> Rect {
        guard let old = documentScreen, let new = screen, old != new else { return saved }
        var frame = saved
        if saved.width == old.width { frame.size.width = new.width }
        guard root.kind == .controllerView, !root.isEmbedded else { return frame }
        if saved.height == old.height {
            frame.size.height = new.height
        } else if saved.maxY == old.height, new.height > saved.minY {
            frame.size.height = new.height - saved.minY
        }
        return frame
    }
}

extension DocumentModel {
    /// The device the roots are laid out for: the options' (`screenChange`, as UIKit has it
    /// today), or the document's as the Xcode that saved it simulates it (`Device.simulated`).
    var device: Device? {
        if let screenChange { return screenChange.device }
        return deviceID.flatMap { Device.simulated(id: $0, toolsVersion: toolsVersion) }
    }

    /// Applies `options`: the device and orientation the roots are laid out for become the
    /// options', and `screenChange` says how roots are resized.
    mutating func apply(_ options: ImportOptions) {
        guard !options.isEmpty else { return }
        let change = ScreenChange(options, documentDeviceID: deviceID, documentLandscape: isLandscape)
        screenChange = change
        deviceID = change.deviceID
        isLandscape = change.landscape
    }
}
