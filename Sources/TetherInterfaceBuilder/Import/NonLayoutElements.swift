/// Elements the importer reads past on purpose: they describe drawing, text, behaviour or
/// connections, never geometry, so leaving them out changes no frame. Every other element it
/// does not handle is reported (`ImportReport`), so that nothing that could matter is dropped
/// without a word.
enum NonLayoutElements {
    /// Children of a view or view controller that hold appearance, content or wiring.
    static let names: Set<String> = [
        // Appearance and content.
        "color", "nil", "fontDescription", "font", "string", "attributedString", "state", "image",
        "imageReference", "textInputTraits", "segments", "items", "dataDetectorType", "date",
        "buttonConfiguration", "backgroundConfiguration", "listContentConfiguration", "blurEffect",
        "vibrancyEffect", "wkWebViewConfiguration", "locale", "inset", "real", "integer", "bool",
        "preferredSymbolConfiguration", "textAttributes", "animations", "userComments",
        // Collection view layouts lay out cells at run time, which the importer treats as roots.
        "collectionViewFlowLayout", "collectionViewLayout",
        // Behaviour and wiring.
        "connections", "accessibility", "userDefinedRuntimeAttributes", "gestureRecognizers",
        "navigationItem", "tabBarItem", "toolbarItems", "value", "extendedEdge",
        // Interface Builder's canvas: where the scene sits, the simulated screen (the device
        // element says which one), the freeform size of a view controller (its view's frame
        // says the same).
        "point", "size", "freeformSimulatedSizeMetrics", "simulatedOrientationMetrics",
        "simulatedScreenMetrics", "simulatedMetricsContainer",
    ]

    /// Objects of a scene or a xib that are not views and have none: File's Owner and First
    /// Responder placeholders, controllers' stand-ins, gesture recognizers, plain objects.
    static let objects: Set<String> = [
        "placeholder", "viewControllerPlaceholder", "exit", "customObject",
        "tapGestureRecognizer", "panGestureRecognizer", "pinchGestureRecognizer",
        "swipeGestureRecognizer", "rotationGestureRecognizer", "longPressGestureRecognizer",
        "screenEdgePanGestureRecognizer",
    ]

    /// Children of `<document>` that hold no layout: tool versions, assets, custom fonts.
    static let documentParts: Set<String> = ["dependencies", "resources", "customFonts", "classes",
                                             "inferredMetricsTieBreakers"]
}
