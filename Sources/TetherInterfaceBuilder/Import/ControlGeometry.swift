import Tether

/// UIKit controls whose alignment rectangle (what constraints place) is smaller than their
/// frame (what Xcode saves), with UIKit's insets from the frame. A slider's frame reaches 2
/// points past its track on each side, for the thumb, and 1 point below it: the corpus's Charts
/// demos pin sliders 8 points from the safe area and save frames at x = 6, 4 points wider, and
/// 31 points tall where the constraints between two stacked sliders leave 30.
enum ControlGeometry {
    static func alignmentRectInsets(of className: String) -> EdgeInsets? {
        switch className {
        case "slider": return EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)
        case "switch": return EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
        case "segmentedControl": return EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
        default: return nil
        }
    }

    /// The alignment rectangle's size for a saved frame's size.
    static func alignmentSize(of className: String, frameSize: Size) -> Size {
        guard let insets = alignmentRectInsets(of: className) else { return frameSize }
        return Size(width: frameSize.width - insets.left - insets.right,
                    height: frameSize.height - insets.top - insets.bottom)
    }
}
