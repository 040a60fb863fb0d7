#!/usr/bin/env python3
"""Checks of scripts/generate_rust_ffi.py beyond "the committed file is up to date": it maps the
headers' kinds of declaration to Rust, and it fails (exit 2, naming the statement) on one it
does not understand instead of leaving a gap. Run by `make check-generated-rust`."""

import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate_rust_ffi as gen  # noqa: E402

HEAD = "#ifndef T_H\n#define T_H\n#include <stdint.h>\n"
TAIL = "#endif\n"


FOLDER = tempfile.TemporaryDirectory(prefix="rust-ffi-")  # removed when the run ends


def header(body: str) -> Path:
    folder = Path(tempfile.mkdtemp(dir=FOLDER.name))
    path = folder / "t.h"
    path.write_text(HEAD + body + TAIL, encoding="utf-8")
    return path


class GenerateRustFFI(unittest.TestCase):
    def test_kinds_of_declaration(self):
        source = gen.generate(header(
            "#define TETHER_LIMIT 3u\n#define TETHER_SCALE 1.5\n"
            "typedef struct tether_box tether_box;\n"
            "typedef uint64_t tether_id;\n"
            "typedef struct tether_pair { double a, b; } tether_pair;\n"
            "typedef int32_t (*tether_cb_fn)(void *context, tether_id id);\n"
            "int32_t tether_make(tether_box **out, const char *name, tether_pair pair,\n"
            "                    tether_cb_fn fn, const tether_id *ids, size_t count);\n"))
        self.assertIn("pub const TETHER_LIMIT: i32 = 3;", source)
        self.assertIn("pub const TETHER_SCALE: f64 = 1.5;", source)
        self.assertIn("pub struct tether_pair {\n    pub a: f64,\n    pub b: f64,\n}", source)
        self.assertIn("pub type tether_cb_fn = Option<unsafe extern \"C\" fn(*mut c_void, u64)"
                      " -> i32>;", source)
        self.assertIn("pub fn tether_make(a0: *mut *mut c_void, a1: *const c_char, "
                      "a2: tether_pair, a3: tether_cb_fn, a4: *mut u64, a5: usize) -> i32;",
                      source)

    def test_continued_macros(self):
        # An initializer continued over lines is C only; a number continued is a constant; the
        # lines after them keep their numbers in messages.
        source = gen.generate(header(
            "typedef struct tether_opts { uint32_t size; double d; } tether_opts;\n"
            "#define TETHER_OPTS_INIT \\\n    {sizeof(tether_opts), \\\n     1.0}\n"
            "#define TETHER_WIDE \\\n    0x7u\n"))
        self.assertIn("pub const TETHER_WIDE: i32 = 0x7;", source)
        self.assertNotIn("OPTS_INIT", source)
        self.assertIn("#[derive(Clone, Copy, Debug, Default, PartialEq)]\npub struct tether_opts",
                      source)
        source = gen.generate(header(
            "typedef void (*tether_done_fn)(void *context, int32_t finished);\n"
            "typedef struct tether_anim { double d; tether_done_fn done; } tether_anim;\n"))
        self.assertIn("#[derive(Clone, Copy, Debug, Default)]\npub struct tether_anim", source)
        path = header("#define TETHER_A \\\n    1\n#if FOO\n#endif\n")
        with self.assertRaisesRegex(gen.ffi.HeaderError, r"t\.h:6: unexpected preprocessor"):
            gen.generate(path)

    def test_fails_loudly_on_what_it_does_not_understand(self):
        for body in ("long double tether_weird(void);\n",
                     "int32_t tether_f(int32_t);\n",
                     "int32_t tether_g(struct tether_unknown *x);\n",
                     "#if FOO\n#endif\n"):
            path = header(body)
            with self.subTest(body=body):
                self.assertEqual(gen.main(["--header", str(path), "--output",
                                           str(path.with_suffix(".rs"))]), 2)
                self.assertFalse(path.with_suffix(".rs").exists())


if __name__ == "__main__":
    unittest.main()
