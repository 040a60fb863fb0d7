/// The bars Interface Builder infers for a view controller from the storyboard's segues, as it
/// draws them on the canvas and UIKit shows them at run time: a controller at the root of a
/// navigation controller, or pushed (`show`, `push`) from one in its stack, sits under that
/// navigation bar (44 points, 96 with large titles); one in a tab bar controller, or pushed from
/// one, above its tab bar (49 points). A controller's own simulated metrics override these;
/// a controller embedded in a container view gets none (its view is inside another view).
/// A navigation controller's bar saved `translucent="NO"` is opaque: UIKit places the views of
/// its stack below it rather than under it.
struct InferredBars {
    struct Segue {
        let source: String
        let destination: String
        let kind: String
        let relationship: String?
    }

    var segues: [Segue] = []
    /// Navigation controllers' bar heights, by controller id.
    var navigationBarHeights: [String: Double] = [:]
    var tabBarControllers: Set<String> = []
    /// Navigation and tab bar controllers whose bar is opaque.
    var opaqueNavigationBars: Set<String> = []
    var opaqueTabBars: Set<String> = []

    /// Reads a controller's bars and every segue in it: its own, and those of the cells and
    /// buttons of its view (a push from a table cell pushes onto the controller's stack).
    mutating func read(controller: XMLElement) {
        guard let id = controller["id"] else { return }
        for part in controller.children {
            if part.name == "navigationBar", part["key"] == "navigationBar" {
                navigationBarHeights[id] = part["largeTitles"] == "YES" ? 96 : 44
                if part["translucent"] == "NO" { opaqueNavigationBars.insert(id) }
            }
            if part.name == "tabBar", part["key"] == "tabBar" {
                tabBarControllers.insert(id)
                if part["translucent"] == "NO" { opaqueTabBars.insert(id) }
            }
        }
        var pending = controller.children
        while let element = pending.popLast() {
            if element.name == "segue", let destination = element["destination"], let kind = element["kind"] {
                segues.append(Segue(source: id, destination: destination, kind: kind, relationship: element["relationship"]))
            }
            pending.append(contentsOf: element.children)
        }
    }

    /// Per controller id: the inferred top and bottom bar heights, whether it is embedded, and
    /// whether its top bar is opaque.
    func bars() -> (top: [String: Double], bottom: [String: Double], embedded: Set<String>, opaqueTop: Set<String>,
                    opaqueBottom: Set<String>) {
        var top: [String: Double] = [:]
        var bottom: [String: Double] = [:]
        var embedded: Set<String> = []
        var opaqueTop: Set<String> = []
        var opaqueBottom: Set<String> = []
        for segue in segues {
            if segue.kind == "relationship", segue.relationship == "rootViewController",
               let height = navigationBarHeights[segue.source] {
                top[segue.destination] = height
                if opaqueNavigationBars.contains(segue.source) { opaqueTop.insert(segue.destination) }
            }
            if segue.kind == "relationship", segue.relationship == "viewControllers",
               tabBarControllers.contains(segue.source) {
                bottom[segue.destination] = 49
                if opaqueTabBars.contains(segue.source) { opaqueBottom.insert(segue.destination) }
            }
            if segue.kind == "embed" { embedded.insert(segue.destination) }
        }
        // A tab's navigation controller passes the tab bar on to its root controller.
        for segue in segues where segue.kind == "relationship" && segue.relationship == "rootViewController" {
            if let height = bottom[segue.source] {
                bottom[segue.destination] = height
                if opaqueBottom.contains(segue.source) { opaqueBottom.insert(segue.destination) }
            }
        }
        // Pushes keep the bars of the stack they push onto; repeat until no push adds one (each
        // round adds at least one controller, so this ends).
        var changed = true
        while changed {
            changed = false
            for segue in segues where segue.kind == "show" || segue.kind == "push" {
                if let height = top[segue.source], top[segue.destination] == nil {
                    top[segue.destination] = height
                    if opaqueTop.contains(segue.source) { opaqueTop.insert(segue.destination) }
                    changed = true
                }
                if let height = bottom[segue.source], bottom[segue.destination] == nil {
                    bottom[segue.destination] = height
                    if opaqueBottom.contains(segue.source) { opaqueBottom.insert(segue.destination) }
                    changed = true
                }
            }
        }
        return (top, bottom, embedded, opaqueTop, opaqueBottom)
    }
}
