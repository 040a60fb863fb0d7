-- The view model: engines, views, guides, stack views, VFL, layout, reports, documents, SVG
-- (stills, also of a running animation at a clock time, and animated documents).
-- Loaded by tether.lua, which passes the shared helpers.
local ffi = require("ffi")
local jit = require("jit")
local bit = require("bit")

return function(M, h)
  local C, K, check = h.C, h.K, h.check
  local Anchor, LayoutConstraint, ATTRIBUTES = h.Anchor, h.LayoutConstraint, h.ATTRIBUTES

  local Engine = {}
  Engine.__index = Engine
  local Item = {}

  local function wrap_item(engine, id)
    if id == 0 then return nil end
    local key = tostring(id)
    local item = engine._items[key]
    if not item then
      item = setmetatable({ engine = engine, id = ffi.cast("uint64_t", id) }, Item)
      engine._items[key] = item
    end
    return item
  end
  h.wrap_item = wrap_item

  -- Engines ------------------------------------------------------------------------------------
  local function release(handle, state)
    -- Frees the C engine, then the callbacks it could call. Freeing runs the completions of the
    -- animation blocks it stops (tether/animation.lua): {error} of the first that raised, or nil.
    local completion_error = h.free_engine(handle)
    if state.measure_cb then state.measure_cb:free(); state.measure_cb = nil end
    if state.diagnostic_cb then state.diagnostic_cb:free(); state.diagnostic_cb = nil end
    return completion_error
  end
  jit.off(release) -- it runs Lua callbacks (completions)

  --- A new engine. Garbage-collected; :free() releases it at once.
  function M.Engine()
    local out = ffi.new("tether_engine*[1]")
    check(C.tether_engine_new(out))
    local state = {}
    local self = setmetatable({ _items = {}, _measure = {}, _state = state }, Engine)
    self._handle = ffi.gc(out[0], function(handle) release(handle, state) end)
    -- One C measure callback per engine, dispatching to each view's Lua function. LuaJIT keeps a
    -- callback's Lua function alive as a GC root, so it reaches the engine (and through it the
    -- views' functions) only through a weak table: the engine stays collectable.
    local weak = setmetatable({ engine = self }, { __mode = "v" })
    state.weak = weak
    state.measure_cb = ffi.cast("tether_measure_fn", function(_, view, proposed, result)
      local engine = weak.engine
      local fn = engine and engine._measure[tostring(view)]
      if not fn then return 1 end
      local ok, w, hgt, first, last = pcall(fn, wrap_item(engine, view), proposed)
      if not ok or type(w) ~= "number" or type(hgt) ~= "number" then
        engine._callback_error = ok and "a measure function must return width, height" or w
        return 1
      end
      result.width, result.height = w, hgt
      result.first_baseline, result.last_baseline = first or 0 / 0, last or 0 / 0
      return 0
    end)
    check(C.tether_engine_set_measure_callback(out[0], state.measure_cb, nil))
    return self
  end

  function Engine:ptr()
    if not self._handle then
      error(setmetatable({ status = K.E_INVALID_HANDLE, name = "TETHER_E_INVALID_HANDLE",
                           message = "the engine was freed" }, M.Error), 3)
    end
    return self._handle
  end

  --- Frees the engine and everything in it now (its views, guides, constraints, callbacks);
  --- cancels the garbage collector's finalizer. Safe to call twice. The completions of the
  --- animations it stops run now (finished = false); the first error one raises is raised here.
  function Engine:free()
    local handle = self._handle
    if not handle then return end
    self._handle = nil
    ffi.gc(handle, nil)
    local completion_error = release(handle, self._state)
    self._items, self._measure = {}, {}
    if completion_error then error(completion_error[1], 0) end
  end
  jit.off(Engine.free)
  Engine.close = Engine.free

  --- The layout direction of views whose semantic content attribute forces none:
  --- tether.direction.left_to_right (the default) or tether.direction.right_to_left, where
  --- leading is the right edge.
  function Engine:set_default_direction(direction)
    check(C.tether_engine_set_default_direction(self:ptr(), direction))
  end

  --- Receives diagnostics (broken-constraint reports, Apple's text) as fn(message).
  function Engine:on_diagnostic(fn)
    local state = self._state
    local old = state.diagnostic_cb
    local weak = state.weak -- as the measure callback: the engine stays collectable
    self._diagnostic = fn
    state.diagnostic_cb = fn and ffi.cast("tether_diagnostic_fn", function(_, message)
      local engine = weak.engine
      if engine and engine._diagnostic then
        pcall(engine._diagnostic, ffi.string(message)) -- errors must not unwind through C
      end
    end) or nil
    check(C.tether_engine_set_diagnostic_handler(self:ptr(), state.diagnostic_cb, nil))
    if old then old:free() end
  end

  local function rect(r)
    r = r or {}
    return ffi.new("tether_rect", r[1] or r.x or 0, r[2] or r.y or 0, r[3] or r.width or 0,
                   r[4] or r.height or 0)
  end

  --- A new root view (frame {x, y, width, height}, default zero).
  function Engine:view(frame, identifier)
    local out = ffi.new("tether_view[1]")
    check(C.tether_view_new(self:ptr(), rect(frame), out))
    local v = wrap_item(self, out[0])
    if identifier then v:set_identifier(identifier) end
    return v
  end

  --- A new stack view; options: axis, spacing, distribution, alignment, identifier.
  function Engine:stack_view(options)
    options = options or {}
    local e = self:ptr()
    local out = ffi.new("tether_view[1]")
    check(C.tether_stack_view_new(e, rect(options.frame), out))
    local v = wrap_item(self, out[0])
    if options.axis then check(C.tether_stack_view_set_axis(e, v.id, options.axis)) end
    if options.spacing then check(C.tether_stack_view_set_spacing(e, v.id, options.spacing)) end
    if options.distribution then
      check(C.tether_stack_view_set_distribution(e, v.id, options.distribution))
    end
    if options.alignment then
      check(C.tether_stack_view_set_alignment(e, v.id, options.alignment))
    end
    if options.identifier then v:set_identifier(options.identifier) end
    return v
  end

  local function id_array(list)
    local ids = ffi.new("uint64_t[?]", math.max(#list, 1))
    for i, c in ipairs(list) do ids[i - 1] = c.id end
    return ids
  end

  --- Activates a list of constraints as one batch (none is activated on error).
  function Engine:activate(list)
    check(C.tether_layout_constraint_activate(self:ptr(), id_array(list), #list, nil))
    return list
  end
  function Engine:deactivate(list)
    check(C.tether_layout_constraint_deactivate(self:ptr(), id_array(list), #list))
  end

  --- Apple's visual format: views = {name = view}, metrics = {name = number}; options the
  --- TETHER_FORMAT_* bits. Inactive constraints, as NSLayoutConstraint's returns them.
  function Engine:constraints_with_visual_format(format, views, metrics, options)
    local names, items, mnames, mvalues = {}, {}, {}, {}
    for name, v in pairs(views or {}) do names[#names + 1] = name; items[#items + 1] = v.id end
    for name, value in pairs(metrics or {}) do
      mnames[#mnames + 1] = name; mvalues[#mvalues + 1] = value
    end
    local cn = ffi.new("const char*[?]", math.max(#names, 1), names)
    local ci = ffi.new("tether_item[?]", math.max(#items, 1), items)
    local cmn = ffi.new("const char*[?]", math.max(#mnames, 1), mnames)
    local cmv = ffi.new("double[?]", math.max(#mvalues, 1), mvalues)
    local needed, position = ffi.new("size_t[1]"), ffi.new("size_t[1]")
    local e = self:ptr()
    local function call(out, capacity)
      return C.tether_layout_constraints_with_visual_format(e, format, options or 0, cmn, cmv,
        #mnames, cn, ci, #names, out, capacity, needed, position)
    end
    local status = call(nil, 0)
    if status ~= 0 and status ~= K.E_BUFFER_TOO_SMALL then check(status) end
    local n = tonumber(needed[0])
    local out = ffi.new("tether_layout_constraint[?]", math.max(n, 1))
    check(call(out, n))
    local list = {}
    for i = 0, n - 1 do
      list[#list + 1] = setmetatable({ engine = self, id = out[i] }, LayoutConstraint)
    end
    return list
  end

  --- Loads a layout document (JSON text): its root views.
  function Engine:load_document(json)
    local e = self:ptr()
    local ids = h.read_ids(function(b, n, needed)
      return C.tether_document_load(e, json, #json, b, n, needed)
    end)
    -- A first call too small keeps nothing (tether/document.h): the second one makes the views.
    local roots = {}
    for _, id in ipairs(ids) do roots[#roots + 1] = wrap_item(self, id) end
    return roots
  end

  M.Engine_methods = Engine

  -- Items: views and layout guides -----------------------------------------------------------
  Item.__index = function(self, key)
    local attribute = ATTRIBUTES[key]
    if attribute then return setmetatable({ item = self, attribute = attribute }, Anchor) end
    return Item[key]
  end
  Item.__tostring = function(self) return self:debug_name() end
  Item.__eq = function(a, b) return a.id == b.id end
  M.Item = Item

  local function e_of(self) return self.engine:ptr() end

  function Item:set_identifier(name)
    check(C.tether_item_set_identifier(e_of(self), self.id, name)); return self
  end
  function Item:identifier()
    local e, id = e_of(self), self.id
    return h.read_string(function(b, n, needed)
      return C.tether_item_identifier(e, id, b, n, needed)
    end)
  end
  function Item:debug_name()
    local e, id = e_of(self), self.id
    return h.read_string(function(b, n, needed)
      return C.tether_item_debug_name(e, id, b, n, needed)
    end)
  end

  --- A new subview laid out by constraints (not translating its autoresizing mask).
  function Item:subview(identifier)
    local out = ffi.new("tether_view[1]")
    check(C.tether_view_new_subview(e_of(self), self.id, identifier, out))
    return wrap_item(self.engine, out[0])
  end
  function Item:add_subview(child)
    check(C.tether_view_add_subview(e_of(self), self.id, child.id)); return child
  end
  function Item:remove_from_superview()
    check(C.tether_view_remove_from_superview(e_of(self), self.id))
  end
  function Item:superview()
    local out = ffi.new("tether_view[1]")
    check(C.tether_view_superview(e_of(self), self.id, out))
    return wrap_item(self.engine, out[0])
  end
  function Item:subviews()
    local e, id = e_of(self), self.id
    local list = {}
    for _, v in ipairs(h.read_ids(function(b, n, needed)
      return C.tether_view_subviews(e, id, b, n, needed)
    end)) do list[#list + 1] = wrap_item(self.engine, v) end
    return list
  end
  --- Frees the view (and its subtree's ids) and drops its measure function.
  function Item:free()
    check(C.tether_view_free(e_of(self), self.id))
    self.engine._measure[tostring(self.id)] = nil
    self.engine._items[tostring(self.id)] = nil
  end

  function Item:set_frame(r)
    check(C.tether_view_set_frame(e_of(self), self.id,
      ffi.new("tether_rect", r[1] or r.x, r[2] or r.y, r[3] or r.width, r[4] or r.height)))
  end
  --- x, y, width, height in the superview's coordinates.
  function Item:frame()
    local r = ffi.new("tether_rect")
    check(C.tether_view_frame(e_of(self), self.id, r))
    return r.x, r.y, r.width, r.height
  end
  --- x, y, width, height in the root's coordinates.
  function Item:screen_frame()
    local x, y, w, hh = self:frame()
    local parent = self:superview()
    while parent do
      local px, py = parent:frame()
      x, y = x + px, y + py
      parent = parent:superview()
    end
    return x, y, w, hh
  end
  function Item:layout_frame()
    local r = ffi.new("tether_rect")
    check(C.tether_guide_layout_frame(e_of(self), self.id, r))
    return r.x, r.y, r.width, r.height
  end
  function Item:set_translates_autoresizing_mask(on)
    check(C.tether_view_set_translates_autoresizing_mask(e_of(self), self.id, on and 1 or 0))
  end
  function Item:set_autoresizing_mask(bits)
    check(C.tether_view_set_autoresizing_mask(e_of(self), self.id, bits))
  end
  function Item:set_intrinsic_content_size(width, height)
    check(C.tether_view_set_intrinsic_content_size(e_of(self), self.id,
                                                   ffi.new("tether_size", width, height)))
  end
  function Item:set_content_hugging_priority(axis, priority)
    check(C.tether_view_set_content_hugging_priority(e_of(self), self.id, axis, priority))
  end
  function Item:set_compression_resistance_priority(axis, priority)
    check(C.tether_view_set_compression_resistance_priority(e_of(self), self.id, axis, priority))
  end
  function Item:set_safe_area_insets(top, left, bottom, right)
    check(C.tether_view_set_safe_area_insets(e_of(self), self.id,
                                             ffi.new("tether_insets", top, left, bottom, right)))
  end
  function Item:set_layout_margins(top, left, bottom, right)
    check(C.tether_view_set_layout_margins(e_of(self), self.id,
                                           ffi.new("tether_insets", top, left, bottom, right)))
  end
  --- The direction the view's leading and trailing resolve with (a tether.direction value).
  function Item:effective_layout_direction()
    local out = ffi.new("tether_layout_direction[1]")
    check(C.tether_view_effective_layout_direction(e_of(self), self.id, out))
    return tonumber(out[0])
  end
  function Item:safe_area_layout_guide()
    local out = ffi.new("tether_guide[1]")
    check(C.tether_view_safe_area_layout_guide(e_of(self), self.id, out))
    return wrap_item(self.engine, out[0])
  end
  function Item:layout_margins_guide()
    local out = ffi.new("tether_guide[1]")
    check(C.tether_view_layout_margins_guide(e_of(self), self.id, out))
    return wrap_item(self.engine, out[0])
  end

  --- Measures the view with fn(view, proposed_width) -> width, height[, first_baseline,
  --- last_baseline] (proposed_width is NaN when unknown). nil turns measuring off.
  function Item:set_measure(fn)
    self.engine._measure[tostring(self.id)] = fn
    check(C.tether_view_set_measured(e_of(self), self.id, fn and 1 or 0))
  end
  function Item:invalidate_intrinsic_content_size()
    check(C.tether_view_invalidate_intrinsic_content_size(e_of(self), self.id))
  end

  -- Stack views.
  function Item:add_arranged_subview(view)
    check(C.tether_stack_view_add_arranged_subview(e_of(self), self.id, view.id)); return view
  end

  --- Lays out the view's root if anything changed. Runs measure callbacks: JIT off (README).
  function Item:layout()
    local engine = self.engine
    engine._callback_error = nil
    local status = C.tether_view_layout_if_needed(engine:ptr(), self.id)
    if status ~= 0 then
      if engine._callback_error then
        local message = engine._callback_error
        engine._callback_error = nil
        error(setmetatable({ status = status, name = "TETHER_E_CALLBACK_FAILED",
          message = ffi.string(C.tether_last_error()) .. ": " .. tostring(message) }, M.Error), 2)
      end
      h.raise(status, 2)
    end
  end
  jit.off(Item.layout)

  function Item:system_layout_size_fitting(width, height, hp, vp)
    local out = ffi.new("tether_size")
    check(C.tether_view_system_layout_size_fitting(e_of(self), self.id,
      ffi.new("tether_size", width, height), hp or 50, vp or 50, out))
    return out.width, out.height
  end
  jit.off(Item.system_layout_size_fitting)

  function Item:has_ambiguous_layout()
    local out = ffi.new("int32_t[1]")
    check(C.tether_item_has_ambiguous_layout(e_of(self), self.id, out))
    return out[0] ~= 0
  end
  --- The constraints the last pass broke (conflicts), as LayoutConstraint objects.
  function Item:broken_constraints()
    local e, id = e_of(self), self.id
    local list = {}
    for _, c in ipairs(h.read_ids(function(b, n, needed)
      return C.tether_view_broken_constraints(e, id, b, n, needed)
    end)) do list[#list + 1] = setmetatable({ engine = self.engine, id = c }, LayoutConstraint) end
    return list
  end
  function Item:constraints_equivalent_to_autoresizing_mask()
    local e, id = e_of(self), self.id
    local list = {}
    for _, c in ipairs(h.read_ids(function(b, n, needed)
      return C.tether_view_constraints_equivalent_to_autoresizing_mask(e, id, b, n, needed)
    end)) do list[#list + 1] = setmetatable({ engine = self.engine, id = c }, LayoutConstraint) end
    return list
  end
  function Item:description()
    local e, id = e_of(self), self.id
    return h.read_string(function(b, n, needed)
      return C.tether_item_description(e, id, b, n, needed)
    end)
  end

  -- SVG (tether/render.h; docs/rendering.md) -----------------------------------------------
  -- The drawing options of every SVG function: the tether_svg_options fields `flags` (the
  -- TETHER_SVG_* bits: tether.constants.SVG_CONSTRAINTS, ...; default SVG_DEFAULT_FLAGS),
  -- `scale` (default 1) and `padding` (default 8), whose ranges are the library's to check, and
  -- `time`: a clock time at which every view is drawn at its presentation frame (sets
  -- SVG_PRESENTATION): a still of a running animation. `presentation_time` is the raw field
  -- (read only with that flag in `flags`).
  local DRAWING = { flags = true, scale = true, padding = true, presentation_time = true,
                    time = true }

  -- tether_svg_options from `options`. `extra` names the keys the caller reads itself (fps,
  -- repeat_count); `who` names the caller in errors; `time` is refused when `no_time` is set.
  local function svg_options(options, who, extra, no_time)
    if options ~= nil and type(options) ~= "table" then
      error(who .. ": the options are a table, not a " .. type(options), 3)
    end
    local o = ffi.new("tether_svg_options")
    o.struct_size, o.flags = ffi.sizeof("tether_svg_options"), K.SVG_DEFAULT_FLAGS
    o.scale, o.padding = 1, 8
    local time
    for k, v in pairs(options or {}) do
      if not (extra and extra[k]) then
        if not DRAWING[k] or (no_time and k == "time") then
          error(who .. ": unknown option '" .. tostring(k) .. "'", 3)
        end
        if k == "time" then
          if type(v) ~= "number" then
            error(who .. ": time is a number (seconds), not a " .. type(v), 3)
          end
          time = v
        else
          o[k] = v
        end
      end
    end
    if time then -- finite is the library's to check
      o.flags = bit.bor(o.flags, K.SVG_PRESENTATION)
      o.presentation_time = time
    end
    return o
  end

  -- The frame rate: nil for 60 (the C default); its range (finite, > 0) is the library's.
  local function frame_rate(fps, who)
    if fps == nil then return 60 end
    if type(fps) ~= "number" then error(who .. ": fps is a number, not a " .. type(fps), 3) end
    return fps
  end

  -- tether_svg_animation_options from the fps and repeat_count of `options`. A repeat count is
  -- nil (play once), > 0 (that many times, may be fractional) or math.huge (forever): 0 would
  -- mean "once" in C, so a count <= 0, NaN or -math.huge is refused here, never clamped.
  local ANIMATION = { fps = true, repeat_count = true, ["repeat"] = true }
  local function animation_options(options, who)
    options = options or {}
    local o = ffi.new("tether_svg_animation_options")
    o.struct_size = ffi.sizeof("tether_svg_animation_options")
    o.frames_per_second = frame_rate(options.fps, who)
    local count = options.repeat_count
    if options["repeat"] ~= nil then
      if count ~= nil then error(who .. ": give repeat_count or repeat, not both", 3) end
      count = options["repeat"]
    end
    o.flags, o.repeat_count = 0, 0
    if count ~= nil then
      if type(count) ~= "number" then
        error(who .. ": repeat_count is a number, not a " .. type(count), 3)
      elseif count == math.huge then
        o.flags = K.SVG_ANIMATION_REPEAT_FOREVER
      elseif count > 0 then
        o.repeat_count = count
      else
        error(who .. ": repeat_count must be greater than 0 (math.huge: forever; nil: once), not "
              .. tostring(count), 3)
      end
    end
    return o
  end

  --- The subtree drawn as an SVG document (a string), after a layout pass: one rect per view
  --- in the view's own coordinates, labelled with its identifier. options (all optional):
  --- flags, scale, padding, and time = a clock time to draw every view at its presentation
  --- frame then (a still of a running animation; the clock does not move). Bad values raise
  --- TETHER_E_INVALID_ARGUMENT; an unknown key is a plain Lua error.
  function Item:svg(options)
    local o = svg_options(options, "view:svg")
    local e, id = e_of(self), self.id
    return h.read_string(function(b, n, needed)
      return C.tether_view_render_svg(e, id, o, b, n, needed)
    end)
  end
  jit.off(Item.svg)
  --- Draws as :svg(options) does and writes the document to the file at `path` (created or
  --- replaced; nothing is written when drawing fails, TETHER_E_IO when the file cannot be).
  function Item:write_svg(path, options)
    local o = svg_options(options, "view:write_svg")
    check(C.tether_view_write_svg(e_of(self), self.id, o, path))
  end
  jit.off(Item.write_svg)

  --- The clock times at which the animated functions sample the subtree at `fps` frames per
  --- second (default 60): the engine's clock, every 1/fps seconds after it, and the time its
  --- last running animation ends (so the last sample shows the model frames); {clock} when
  --- nothing animates. An array of numbers. Lays out first; never moves the clock. A rate not
  --- finite and > 0, or more than 100,000 samples, raises TETHER_E_INVALID_ARGUMENT.
  function Item:sample_times(fps)
    local rate = frame_rate(fps, "view:sample_times")
    local e, id = e_of(self), self.id
    local needed = h.size_out()
    local first = C.tether_view_animation_sample_times(e, id, rate, nil, 0, needed)
    if first ~= 0 and first ~= K.E_BUFFER_TOO_SMALL then h.raise(first, 2) end
    local n = tonumber(needed[0])
    local times = h.buf("double", n)
    check(C.tether_view_animation_sample_times(e, id, rate, times, n, needed))
    local list = {}
    for i = 0, n - 1 do list[i + 1] = times[i] end
    return list
  end
  jit.off(Item.sample_times)

  --- The subtree's running animations as one SVG document (a string) that plays in any browser:
  --- the drawing at the engine's clock in which each view rect that moves or resizes, and its
  --- label, carries a SMIL <animate> per changing attribute (x, y, width, height) with the
  --- presentation frames sampled at :sample_times(fps), linear between samples, frozen at the
  --- end. options: fps (default 60), repeat_count (nil: play once; a count > 0: that many
  --- times; math.huge: forever, repeatCount="indefinite"; `repeat` is a Lua keyword, so
  --- ["repeat"] = n is accepted too), and the drawing options of :svg but `time`. Never moves
  --- the clock. A bad rate or drawing option raises TETHER_E_INVALID_ARGUMENT; a repeat count
  --- <= 0 or NaN, an unknown key or a value of the wrong type is a plain Lua error.
  function Item:animated_svg(options)
    local drawing = svg_options(options, "view:animated_svg", ANIMATION, true)
    local animation = animation_options(options, "view:animated_svg")
    local e, id = e_of(self), self.id
    return h.read_string(function(b, n, needed)
      return C.tether_view_render_animated_svg(e, id, drawing, animation, b, n, needed)
    end)
  end
  jit.off(Item.animated_svg)
  --- Draws as :animated_svg(options) does and writes the document to the file at `path`, as
  --- :write_svg writes (the same bytes as the string).
  function Item:write_animated_svg(path, options)
    local drawing = svg_options(options, "view:write_animated_svg", ANIMATION, true)
    local animation = animation_options(options, "view:write_animated_svg")
    check(C.tether_view_write_animated_svg(e_of(self), self.id, drawing, animation, path))
  end
  jit.off(Item.write_animated_svg)

  --- One still per sample time (:sample_times(fps)): an array of {time = t, svg = document},
  --- each drawn as :svg{time = t, ...} with the drawing options of :svg but `time` (in
  --- `options`). Never moves the clock. Errors as :sample_times and :svg.
  function Item:svg_frames(fps, options)
    local o = svg_options(options, "view:svg_frames", nil, true) -- fails before any drawing
    local e, id = e_of(self), self.id
    o.flags = bit.bor(o.flags, K.SVG_PRESENTATION)
    local frames = {}
    for i, t in ipairs(self:sample_times(frame_rate(fps, "view:svg_frames"))) do
      o.presentation_time = t
      frames[i] = { time = t, svg = h.read_string(function(b, n, needed)
        return C.tether_view_render_svg(e, id, o, b, n, needed)
      end) }
    end
    return frames
  end
  jit.off(Item.svg_frames)

  --- The view's subtree as a layout document (JSON text).
  function Item:save_document()
    local e, id = e_of(self), self.id
    return h.read_string(function(b, n, needed)
      return C.tether_document_save(e, id, b, n, needed)
    end)
  end

  return require("tether.solver")(M, h)
end
