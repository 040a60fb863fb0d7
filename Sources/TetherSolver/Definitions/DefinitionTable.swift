/// A value per definition id for a query that reaches some definitions: a table over every
/// definition when the query reaches many of them, a dictionary otherwise. A query then costs
/// what it reaches (a view of a deep chain asked on its own reaches few), and a whole tree is not
/// slowed by hashing (a dictionary alone made the ambiguity trace of 100,000 siblings 1.5×
/// slower).
struct DefinitionTable<Element> {
    private var dense: [Element] = []
    private var sparse: [Int32: Element] = [:]
    private let isDense: Bool
    private let filler: Element

    /// `reached` definitions of `definitions` will be stored; an id never stored reads `filler`.
    init(reached: Int, definitions: Int, filler: Element) {
        isDense = reached * 8 >= definitions
        self.filler = filler
        if isDense { dense = Array(repeating: filler, count: definitions) }
    }

    subscript(id: Int32) -> Element {
        get { isDense ? dense[Int(id)] : sparse[id] ?? filler }
        set {
            if isDense { dense[Int(id)] = newValue } else { sparse[id] = newValue }
        }
    }
}
