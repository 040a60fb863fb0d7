// Tether C++ binding: errors and the helpers every other header uses (header-only, C++17).
// Everything here goes through the stable C ABI (tether.h); nothing reaches into the library.
#ifndef TETHER_CPP_CORE_HPP
#define TETHER_CPP_CORE_HPP

#include <tether.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace tether {

/// A failed C call: the tether_status it returned and the message tether_last_error() gave
/// for it (read on the failing thread, straight after the call, as the C API asks).
class error : public std::runtime_error {
public:
    error(tether_status status, const std::string &message)
        : std::runtime_error(message), status_(status) {}
    /// The TETHER_E_* code.
    tether_status status() const noexcept { return status_; }
    /// The code's name, e.g. "TETHER_E_INVALID_ARGUMENT".
    const char *status_name() const noexcept { return tether_status_name(status_); }

private:
    tether_status status_;
};

namespace detail {

inline void check(tether_status status) {
    if (status != TETHER_OK) {
        const char *message = tether_last_error();
        throw error(status, message != nullptr && *message != '\0' ? message
                                                                   : tether_status_name(status));
    }
}

// The C API's two-call pattern for text: ask for the size, then fill a buffer of that size.
template <typename Call> std::string read_string(Call call) {
    std::size_t needed = 0;
    tether_status status = call(nullptr, 0, &needed);
    if (status != TETHER_OK && status != TETHER_E_BUFFER_TOO_SMALL) check(status);
    std::string text(needed, '\0');
    if (needed == 0) return text;
    check(call(&text[0], needed, &needed));
    text.resize(needed > 0 ? needed - 1 : 0); // drop the NUL the count includes
    return text;
}

// The two-call pattern for lists of ids (or any plain value).
template <typename T, typename Call> std::vector<T> read_list(Call call) {
    std::size_t needed = 0;
    tether_status status = call(nullptr, 0, &needed);
    if (status != TETHER_OK && status != TETHER_E_BUFFER_TOO_SMALL) check(status);
    std::vector<T> items(needed);
    if (needed == 0) return items;
    check(call(items.data(), items.size(), &needed));
    items.resize(needed);
    return items;
}

} // namespace detail

/// The library's version string, e.g. "0.12.0".
inline std::string version() { return tether_version_string(); }
/// The ABI generation of the loaded library (TETHER_ABI_VERSION at build time).
inline unsigned abi_version() { return tether_abi_version(); }

/// A constraint priority in (0, 1000]: `constraint | priority(750)`.
struct priority {
    explicit priority(double value) : value(value) {}
    double value;
};

namespace priorities {
constexpr double required = 1000.0;
constexpr double default_high = 750.0;
constexpr double default_low = 250.0;
constexpr double fitting_size = 50.0;
} // namespace priorities

} // namespace tether

#endif // TETHER_CPP_CORE_HPP
