import TetherSolver

/// The objects an engine hands out ids for (items, constraints), by id.
///
/// An id is the slot's index + 1 in bits 0–29 (so 0 is never an id), the table's kind
/// (`IdentifierKind`: items or layout constraints) in bits 30–31, the slot's generation in bits
/// 32–51 and the engine's tag (`EngineTags`) in bits 52–63, as the solver packs its own ids.
/// Freeing an object bumps its slot's generation, so its id dies with it and a recycled slot
/// gives a new id: a stale id held by a C or Python caller finds nothing instead of the slot's
/// next object. The tag makes an id of another engine find nothing too, and the kind an id of
/// another table (a constraint's id given for a view's) instead of the object in the same slot.
struct IDTable<Element: AnyObject> {
    static var generationMask: UInt32 { (1 << 20) - 1 }

    /// The engine's tag, in every id this table hands out.
    let tag: UInt64
    /// What this table's ids name, in bits 30–31 of each.
    let kind: IdentifierKind
    /// Each slot's object, nil where it was freed (enumerated by teardown and documents).
    private(set) var slots: [Element?] = []
    private var generations: [UInt32] = []
    /// Freed slots, reused last-freed first (the order tests of freeing check).
    private(set) var freeSlots: [Int] = []

    init(tag: UInt64, kind: IdentifierKind) {
        self.tag = tag
        self.kind = kind
    }

    /// Slot index + 1 in bits 0–29.
    static var slotMask: UInt64 { (1 << 30) - 1 }

    /// Stores `element` in a free slot (the most recently freed first) and returns its id.
    mutating func insert(_ element: Element) -> UInt64 {
        let slot: Int
        if let recycled = freeSlots.popLast() {
            slot = recycled
            slots[slot] = element
        } else {
            slot = slots.count
            slots.append(element)
            generations.append(1)
        }
        return tag << 52 | UInt64(generations[slot]) << 32 | kind.bits | UInt64(slot + 1)
    }

    /// The live object with this id, or nil (stale, freed, never made, or of another engine).
    func element(withID id: UInt64) -> Element? {
        let slot = Int(id & IDTable.slotMask) - 1
        guard id >> 52 == tag, IdentifierKind(rawID: id) == kind, slot >= 0, slot < slots.count, let element = slots[slot],
              UInt64(generations[slot]) == (id >> 32) & UInt64(IDTable.generationMask) else { return nil }
        return element
    }

    /// Frees the slot of `id` if it holds `element`; false if it did not.
    @discardableResult
    mutating func remove(_ element: Element, id: UInt64) -> Bool {
        let slot = Int(id & IDTable.slotMask) - 1
        guard slot >= 0, slot < slots.count, slots[slot] === element else { return false }
        slots[slot] = nil
        generations[slot] = (generations[slot] + 1) & IDTable.generationMask
        if generations[slot] == 0 { generations[slot] = 1 }
        freeSlots.append(slot)
        return true
    }
}

/// How an id is shown in descriptions, SVG drawings and messages: `0x…` of its slot and
/// generation, without the engine's tag, so that a program's descriptions read the same
/// whichever engine made them (as Apple's addresses, they name an object within its run). The
/// kind stays (a constraint's `0x140000001`), so that the id a program holds is the one it reads.
package func displayID(_ id: UInt64) -> String {
    "0x" + String(id & (1 << 52 - 1), radix: 16)
}
