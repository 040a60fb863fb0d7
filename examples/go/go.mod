module tether-screen-example

go 1.19

require tether v0.0.0

// The binding is used from this checkout, never fetched: bindings/go is module "tether".
replace tether => ../../bindings/go
