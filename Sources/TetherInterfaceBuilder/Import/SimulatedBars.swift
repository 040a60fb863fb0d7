/// The bars Interface Builder simulates above and below a view controller's view
/// (`simulatedTopBarMetrics`, `simulatedBottomBarMetrics`), with UIKit's heights in points: a
/// navigation bar 44 (74 with a prompt), a toolbar 44, a tab bar 49. Large titles and the
/// taller bars of newer phones' landscape are not simulated by these elements.
enum SimulatedBars {
    static func height(of element: XMLElement) -> Double? {
        switch element.name {
        case "simulatedNavigationBarMetrics": return element["prompted"] == "YES" ? 74 : 44
        case "simulatedToolbarMetrics": return 44
        case "simulatedTabBarMetrics": return 49
        default: return nil
        }
    }
}
