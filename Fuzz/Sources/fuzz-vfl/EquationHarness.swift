import FuzzSupport
import Tether

/// Equation text (`a.top == b.bottom + 8`) through the Swift API, on the VFL harness's input.
///
/// The text must either give inactive constraints, live in the engine, on the named items or
/// their system guides, or throw EquationTextError for this very text with a position in
/// 0...text.count and the documented message shape; a throw must leave no constraint behind.
func checkEquations(_ text: String, metrics: [String: Double], views: [String: LayoutItem], in scene: Scene) {
    let before = referring(scene)
    let made: [LayoutConstraint]
    do throws(EquationTextError) {
        made = try LayoutConstraint.constraints(withEquations: text, metrics: metrics, views: views)
    } catch {
        checkEquationError(error, text: text)
        if referring(scene) != before {
            fuzzFailure("equation text \"\(text)\" failed but left constraints behind")
        }
        return
    }
    var allowed = Set(views.values.map { ObjectIdentifier($0) })
    for case let view as View in views.values {
        allowed.insert(ObjectIdentifier(view.layoutMarginsGuide))
        allowed.insert(ObjectIdentifier(view.safeAreaLayoutGuide))
    }
    for c in made {
        if c.isActive { fuzzFailure("constraint \(c) of equations \"\(text)\" came back active") }
        if scene.engine.constraint(withID: c.id) !== c {
            fuzzFailure("constraint \(c) of equations \"\(text)\" is not live in the engine")
        }
        for item in [c.firstItem, c.secondItem].compactMap({ $0 }) where !allowed.contains(ObjectIdentifier(item)) {
            fuzzFailure("constraint \(c) of equations \"\(text)\" names \(item), which the views table does not")
        }
        if !c.multiplier.isFinite || !c.constant.isFinite {
            fuzzFailure("constraint \(c) of equations \"\(text)\" holds a non-finite number")
        }
        _ = c.description
        scene.engine.free(c)
    }
}

private func checkEquationError(_ error: EquationTextError, text: String) {
    if error.text != text { fuzzFailure("error for \"\(error.text)\" thrown for \"\(text)\"") }
    if error.position < 0 || error.position > text.count {
        fuzzFailure("error position \(error.position) outside 0...\(text.count) for \"\(text)\"")
    }
    if error.description.isEmpty { fuzzFailure("empty error reason for equations \"\(text)\"") }
    let message = error.message
    if !message.hasPrefix("Unable to parse constraint equation: ") || !message.hasSuffix("^") {
        fuzzFailure("message for equations \"\(text)\" is not the documented shape: \(message)")
    }
}

/// How many constraints name an item of the scene (active or not): what a failed text must not
/// change.
private func referring(_ scene: Scene) -> Int {
    var count = 0
    for (_, item) in scene.items {
        count += (try? item.referringConstraints().count) ?? 0
    }
    return count
}
