import CTether

@c @implementation
public func tether_abi_version() -> UInt32 {
    UInt32(TETHER_ABI_VERSION)
}

@c @implementation
public func tether_version_string() -> UnsafePointer<CChar>! {
    UnsafePointer(StaticStrings.version)
}

@c @implementation
public func tether_last_error() -> UnsafePointer<CChar>! {
    LastError.current
}

@c @implementation
public func tether_status_name(_ status: tether_status) -> UnsafePointer<CChar>! {
    UnsafePointer(StaticStrings.statusNames[status] ?? StaticStrings.unknownStatus)
}
