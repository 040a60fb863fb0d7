import Tether

extension LayoutEngine {
    /// A new view with `frame`, named `identifier` (golden tests print the name).
    public func makeView(frame: Rect = .zero, identifier: String) throws -> View {
        let view = try makeView(frame: frame)
        view.identifier = identifier
        return view
    }

    /// A new view with `frame` (and `identifier`, when given), added to `parent`, that does not
    /// translate its autoresizing mask into constraints: constraints alone place it (or, when
    /// none names it, it keeps `frame`).
    public func makeConstrainedSubview(of parent: View, frame: Rect = .zero, identifier: String? = nil) throws -> View {
        let view = try makeView(frame: frame)
        if let identifier { view.identifier = identifier }
        view.translatesAutoresizingMaskIntoConstraints = false
        try parent.addSubview(view)
        return view
    }
}
