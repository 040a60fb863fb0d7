module tether

go 1.19
