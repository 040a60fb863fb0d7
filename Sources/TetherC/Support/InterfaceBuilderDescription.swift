import Tether
import TetherDocument
import TetherInterfaceBuilder

/// The JSON text tether_ib_describe() hands out: what an import knows beyond the views it made
/// (the device, each view's saved frame and marks, the reports), in the shape its header comment
/// documents. JSON, because the bindings already read it and it keeps one call for all of it.
enum InterfaceBuilderDescription {
    static func json(of document: ImportedDocument) -> JSONValue {
        let views: [JSONValue] = document.views.map { view in
            .object([
                JSONMember("id", view.id.map(JSONValue.string) ?? .null),
                JSONMember("userLabel", view.userLabel.map(JSONValue.string) ?? .null),
                JSONMember("class", .string(view.className)),
                JSONMember("line", .number(Double(view.line))),
                JSONMember("savedFrame", view.savedFrame.map(rect) ?? .null),
                JSONMember("misplaced", .bool(view.isMisplaced)),
                JSONMember("ambiguous", .bool(view.isAmbiguous)),
                JSONMember("placedByConstraints", .bool(view.isPlacedByConstraints)),
                JSONMember("root", .bool(view.isRoot)),
            ])
        }
        let reports: [JSONValue] = document.reports.map { report in
            .object([
                JSONMember("element", .string(report.element)),
                JSONMember("line", .number(Double(report.line))),
                JSONMember("column", .number(Double(report.column))),
                JSONMember("message", .string(report.message)),
            ])
        }
        let roots: [JSONValue] = document.roots.map { root in
            .object([
                JSONMember("id", root.id.map(JSONValue.string) ?? .null),
                JSONMember("kind", .string(kindName(root.kind))),
                JSONMember("scene", root.sceneID.map(JSONValue.string) ?? .null),
                JSONMember("controller", root.controllerID.map(JSONValue.string) ?? .null),
            ])
        }
        let screen = document.screenSize.map { JSONValue.array([.number($0.width), .number($0.height)]) } ?? .null
        return .object([
            JSONMember("device", document.deviceID.map(JSONValue.string) ?? .null),
            JSONMember("landscape", .bool(document.isLandscape)),
            JSONMember("screen", screen),
            JSONMember("roots", .array(roots)),
            JSONMember("views", .array(views)),
            JSONMember("reports", .array(reports)),
        ])
    }

    private static func kindName(_ kind: RootKind) -> String {
        switch kind {
        case .controllerView: return "controllerView"
        case .topLevelView: return "topLevelView"
        case .cell: return "cell"
        }
    }

    private static func rect(_ r: Rect) -> JSONValue {
        .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map(JSONValue.number))
    }
}
