extension LayoutEngine {
    /// What `view`'s measure callback returned in the last pass of its root (the measurement the
    /// solved frames rest on), or nil when it has no callback or no pass measured it since it
    /// joined that root. Layout documents save it as the view's intrinsic size.
    package func lastMeasurement(of view: View) -> Measurement? {
        guard view.measure != nil, let root = view.rootView,
              let layout = rootLayouts[ObjectIdentifier(root)] else { return nil }
        return layout.measured[ObjectIdentifier(view)]
    }

    /// Passes `message` to the diagnostic handler (standard error when none is set), as the
    /// layout pass reports broken constraints: for the layers above the view model (a saved
    /// document's renamed items).
    package func reportDiagnostic(_ message: String) {
        report(message)
    }
}
