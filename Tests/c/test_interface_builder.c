/*
 * test_interface_builder.c: an Interface Builder storyboard imported through the C ABI (issue
 * 22): the roots handed out, views found by IB id, frames after layout, the description's saved
 * frames and reports, a malformed document refused with its position, import options (another
 * device, orientation or screen size) and an imported root saved as a layout document and loaded
 * back to the same frames.
 *
 * Closes with "N passed, M failed" and exits non-zero when M > 0.
 */
#include <stdlib.h>
#include <string.h>

#include "tether.h"
#include "test_support.h"

/* One scene on a 375 x 667 phone (20-point status bar): a label pinned to the safe area, a box
 * half the root's width below it, and an element the importer does not know (reported). */
static const char STORYBOARD[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" "
    "toolsVersion=\"21701\" targetRuntime=\"iOS.CocoaTouch\" useAutolayout=\"YES\" "
    "useSafeAreas=\"YES\" initialViewController=\"vc\">\n"
    "  <device id=\"retina4_7\" orientation=\"portrait\" appearance=\"light\"/>\n"
    "  <scenes>\n"
    "    <scene sceneID=\"scn\">\n"
    "      <objects>\n"
    "        <viewController id=\"vc\" sceneMemberID=\"viewController\">\n"
    "          <view key=\"view\" contentMode=\"scaleToFill\" id=\"root\">\n"
    "            <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"375\" height=\"667\"/>\n"
    "            <autoresizingMask key=\"autoresizingMask\" widthSizable=\"YES\" heightSizable=\"YES\"/>\n"
    "            <subviews>\n"
    "              <label text=\"Hi\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"lbl\">\n"
    "                <rect key=\"frame\" x=\"20\" y=\"30\" width=\"42\" height=\"21\"/>\n"
    "              </label>\n"
    "              <view contentMode=\"scaleToFill\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"box\" userLabel=\"Half box\">\n"
    "                <rect key=\"frame\" x=\"0.0\" y=\"59\" width=\"187.5\" height=\"44\"/>\n"
    "                <constraints>\n"
    "                  <constraint firstAttribute=\"height\" constant=\"44\" id=\"c1\"/>\n"
    "                </constraints>\n"
    "              </view>\n"
    "            </subviews>\n"
    "            <gadget id=\"g1\"/>\n"
    "            <constraints>\n"
    "              <constraint firstItem=\"lbl\" firstAttribute=\"leading\" secondItem=\"safe\" "
    "secondAttribute=\"leading\" constant=\"20\" id=\"c2\"/>\n"
    "              <constraint firstItem=\"lbl\" firstAttribute=\"top\" secondItem=\"safe\" "
    "secondAttribute=\"top\" constant=\"10\" id=\"c3\"/>\n"
    "              <constraint firstItem=\"box\" firstAttribute=\"width\" secondItem=\"root\" "
    "secondAttribute=\"width\" multiplier=\"1:2\" id=\"c4\"/>\n"
    "              <constraint firstItem=\"box\" firstAttribute=\"top\" secondItem=\"lbl\" "
    "secondAttribute=\"bottom\" constant=\"8\" id=\"c5\"/>\n"
    "              <constraint firstItem=\"root\" firstAttribute=\"leading\" secondItem=\"box\" "
    "secondAttribute=\"leading\" id=\"c6\"/>\n"
    "            </constraints>\n"
    "            <viewLayoutGuide key=\"safeArea\" id=\"safe\"/>\n"
    "          </view>\n"
    "        </viewController>\n"
    "      </objects>\n"
    "    </scene>\n"
    "  </scenes>\n"
    "</document>\n";

static int frame_is(tether_engine *e, tether_view v, double x, double y, double w, double h) {
    tether_rect f;
    return tether_view_frame(e, v, &f) == TETHER_OK && f.x == x && f.y == y && f.width == w && f.height == h;
}

static tether_view view_with_id(tether_engine *e, tether_view root, const char *id) {
    tether_item item = 0;
    return tether_document_item_named(e, root, id, &item) == TETHER_OK ? item : 0;
}

int main(void) {
    tether_engine *e;
    if (tether_engine_new(&e) != TETHER_OK) abort();
    size_t length = strlen(STORYBOARD), needed = 0;

    /* Two-call: the count first (nothing kept), then the roots. */
    expect(tether_ib_import(e, STORYBOARD, length, NULL, 0, &needed) == TETHER_E_BUFFER_TOO_SMALL && needed == 1,
           "a capacity of 0 gives the count of roots");
    tether_view root = 0;
    expect(tether_ib_import(e, STORYBOARD, length, &root, 1, &needed) == TETHER_OK && needed == 1 && root != 0,
           "the storyboard's one root");

    tether_view label = view_with_id(e, root, "lbl"), box = view_with_id(e, root, "box");
    expect(label != 0 && box != 0, "views found by IB id (their identifiers)");
    expect(tether_view_layout_if_needed(e, root) == TETHER_OK, "lay out");
    expect(frame_is(e, root, 0, 0, 375, 667), "the root at its saved frame");
    expect(frame_is(e, label, 20, 30, 42, 21), "the label 10 below the 20-point safe-area top");
    expect(frame_is(e, box, 0, 59, 187.5, 44), "the box half as wide, 8 below the label");

    /* The description: saved frames and marks per view, and the unknown element's report. */
    char text[4096];
    expect(tether_ib_describe(STORYBOARD, length, text, sizeof text, &needed) == TETHER_OK &&
               needed == strlen(text) + 1,
           "the description");
    expect(strstr(text, "\"device\":\"retina4_7\"") != NULL, "the device");
    expect(strstr(text, "\"id\":\"box\",\"userLabel\":\"Half box\",\"class\":\"view\",\"line\":15,"
                        "\"savedFrame\":[0,59,187.5,44]") != NULL,
           "the box's user label, saved frame and line");
    expect(strstr(text, "\"id\":\"lbl\",\"userLabel\":null,") != NULL, "no user label for the label");
    expect(strstr(text, "\"element\":\"gadget\",\"line\":22") != NULL, "the unknown element, by line");

    /* A malformed document: TETHER_E_PARSE with its position, and the engine unchanged. */
    static const char BROKEN[] = "<document>\n  <objects>\n</document>\n";
    tether_view other = 0;
    expect(tether_ib_import(e, BROKEN, strlen(BROKEN), &other, 1, &needed) == TETHER_E_PARSE &&
               strncmp(tether_last_error(), "line 3, column ", 15) == 0 &&
               strstr(tether_last_error(), ": not well-formed XML: ") != NULL,
           "a mismatched end tag, with its line and column");
    expect(tether_ib_describe(BROKEN, strlen(BROKEN), text, sizeof text, &needed) == TETHER_E_PARSE,
           "the description refuses it too");

    /* Options: the same storyboard on an iPhone 14 Pro (393 x 852, 59-point safe-area top). */
    tether_ib_options options = TETHER_IB_OPTIONS_INIT;
    options.device = "retina6_12";
    tether_view pro = 0;
    expect(tether_ib_import_with_options(e, STORYBOARD, length, &options, &pro, 1, &needed) == TETHER_OK &&
               needed == 1,
           "imported for another device");
    tether_view pro_label = view_with_id(e, pro, "lbl"), pro_box = view_with_id(e, pro, "box");
    expect(tether_view_layout_if_needed(e, pro) == TETHER_OK, "lay out for the other device");
    expect(frame_is(e, pro, 0, 0, 393, 852), "the root fills the other screen");
    expect(frame_is(e, pro_label, 20, 69, 42, 21), "the label 10 below the 59-point safe-area top");
    expect(frame_is(e, pro_box, 0, 98, 196.5, 44), "the box half the new width");

    tether_ib_options wide = TETHER_IB_OPTIONS_INIT;
    wide.orientation = TETHER_IB_ORIENTATION_LANDSCAPE;
    tether_view landscape = 0;
    expect(tether_ib_import_with_options(e, STORYBOARD, length, &wide, &landscape, 1, &needed) == TETHER_OK &&
               tether_view_layout_if_needed(e, landscape) == TETHER_OK && frame_is(e, landscape, 0, 0, 667, 375) &&
               frame_is(e, view_with_id(e, landscape, "lbl"), 20, 10, 42, 21),
           "landscape: the screen turned, no status bar");

    tether_ib_options freeform = TETHER_IB_OPTIONS_INIT;
    freeform.width = 600, freeform.height = 400;
    tether_view sized = 0;
    expect(tether_ib_import_with_options(e, STORYBOARD, length, &freeform, &sized, 1, &needed) == TETHER_OK &&
               tether_view_layout_if_needed(e, sized) == TETHER_OK && frame_is(e, sized, 0, 0, 600, 400) &&
               frame_is(e, view_with_id(e, sized, "box"), 0, 39, 300, 44),
           "a freeform screen without insets");
    expect(tether_ib_describe_with_options(STORYBOARD, length, &freeform, text, sizeof text, &needed) == TETHER_OK &&
               strstr(text, "\"device\":null") != NULL && strstr(text, "\"screen\":[600,400]") != NULL &&
               strstr(text, "\"roots\":[{\"id\":\"root\",\"kind\":\"controllerView\",\"scene\":\"scn\","
                            "\"controller\":\"vc\"}]") != NULL,
           "the description of the freeform screen");

    options.device = "retina99";
    tether_view none = 0;
    expect(tether_ib_import_with_options(e, STORYBOARD, length, &options, &none, 1, &needed) ==
                   TETHER_E_INVALID_ARGUMENT &&
               strstr(tether_last_error(), "unknown device \"retina99\"") != NULL &&
               strstr(tether_last_error(), "retina6_12") != NULL,
           "an unknown device, with the known ones");

    /* An imported root is an ordinary view: saved as a layout document (laid out: its solved
     * frames, its safe area and margins) and loaded into another engine, it lays out the same. */
    size_t size = 0;
    expect(tether_document_save(e, pro, NULL, 0, &size) == TETHER_E_BUFFER_TOO_SMALL && size > 0, "the saved size");
    char *saved = malloc(size);
    if (saved == NULL) abort();
    expect(tether_document_save(e, pro, saved, size, &needed) == TETHER_OK, "the imported root saved");
    expect(strstr(saved, "\"safeAreaInsets\"") != NULL, "with its safe area");
    tether_engine *e2;
    if (tether_engine_new(&e2) != TETHER_OK) abort();
    tether_view loaded = 0;
    expect(tether_document_load(e2, saved, strlen(saved), &loaded, 1, &needed) == TETHER_OK && needed == 1,
           "the saved document loads");
    free(saved);
    expect(tether_view_layout_if_needed(e2, loaded) == TETHER_OK, "lay the loaded document out");
    expect(frame_is(e2, loaded, 0, 0, 393, 852) && frame_is(e2, view_with_id(e2, loaded, "lbl"), 20, 69, 42, 21) &&
               frame_is(e2, view_with_id(e2, loaded, "box"), 0, 98, 196.5, 44),
           "the loaded document at the imported root's frames");
    tether_engine_free(e2);

    tether_engine_free(e);
    return finish();
}
