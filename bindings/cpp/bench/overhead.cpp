// The C++ binding's per-call overhead (make bench-cpp): overhead_c.c's work, written with the
// binding (anchor operators, Engine::activate, OwnedView, View::frame). Prints the best of
// ROUNDS rounds in microseconds. Usage: overhead [N] [ROUNDS]
#include <tether.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1000;
    std::size_t rounds = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 5;
    tether::Engine engine;
    double best = -1, checksum = 0;
    for (std::size_t r = 0; r < rounds; ++r) {
        auto start = std::chrono::steady_clock::now();
        {
            tether::OwnedView root = engine.view({0, 0, 320, 20.0 * n});
            std::vector<tether::View> views;
            std::vector<tether::LayoutSpec> specs;
            views.reserve(n);
            specs.reserve(4 * n);
            for (std::size_t i = 0; i < n; ++i) {
                tether::View v = root.new_subview();
                specs.push_back(v.leading() == root.leading() + 8);
                specs.push_back(v.width() == 0.5 * root.width());
                specs.push_back(i == 0 ? v.top() == root.top() + 2
                                       : v.top() == views.back().bottom() + 2);
                specs.push_back(v.height() == 18.0);
                views.push_back(v);
            }
            engine.activate(specs);
            root.layout_if_needed();
            for (const tether::View &v : views) checksum += v.frame().y;
        } // the root's owner frees the subtree
        double elapsed = std::chrono::duration<double, std::micro>(
                             std::chrono::steady_clock::now() - start)
                             .count();
        if (best < 0 || elapsed < best) best = elapsed;
    }
    std::printf("c++ n=%zu best=%.0f us per-view=%.2f us checksum=%.0f\n", n, best, best / n,
                checksum);
    return 0;
}
