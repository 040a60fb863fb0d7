-- Animation (Include/tether/animation.h): UIKit's block animations, the engine's clock and
-- presentation frames. Loaded by tether.lua after the view model, with the shared helpers.
--
--   tether.animate({ duration = 0.3, curve = "ease_out", on_complete = function(finished) end },
--                  function() constraint:set_constant(100); root:layout() end)
--   engine:advance(1 / 60)             -- once a display frame
--   box:presentation_frame()           -- where the box is shown now: x, y, width, height
local ffi = require("ffi")
local jit = require("jit")
local bit = require("bit")

return function(M, h)
  local C, K, check, raise = h.C, h.K, h.check, h.raise
  local Engine, Item = M.Engine_methods, M.Item

  -- Curves: tether.curve.EASE_IN_OUT, ... (the TETHER_ANIMATION_CURVE_* constants), or by name
  -- in the options: curve = "ease_in_out", "ease_in", "ease_out", "linear".
  local curve, curve_named = {}, {}
  for key, value in pairs(K) do
    local name = key:match("^ANIMATION_CURVE_(.+)$")
    if name then curve[name], curve_named[name:lower()] = value, value end
  end
  M.curve = curve

  -- Completions. LuaJIT has few callback slots, so every block shares ONE C callback, made on
  -- first use and kept for the life of the process: a block's completion_context is an integer
  -- token, the key of its Lua function in `completions`, removed when C calls it (exactly once:
  -- tether/animation.h).
  local completions, last_token = {}, 0
  -- The first error of a completion run by the C call in progress ({value}), raised again once
  -- that call has returned: errors must never unwind through the library's frames.
  local pending = nil
  local completion_cb

  local function dispatch(context, finished)
    local token = tonumber(ffi.cast("uintptr_t", context))
    local fn = completions[token]
    completions[token] = nil
    if not fn then return end
    local ok, err = pcall(fn, finished ~= 0)
    if not ok and not pending then pending = { err } end
  end

  -- Runs `call(...)` (a C call that can run completions), then raises its failure, else the
  -- first error of a completion it ran. Nested calls (a completion advancing another engine)
  -- keep their own errors.
  local function run_completing(call, ...)
    local outer = pending
    pending = nil
    local status = call(...)
    local mine = pending
    pending = outer
    if status ~= 0 then raise(status, 4) end
    if mine then error(mine[1], 0) end
  end
  jit.off(run_completing)

  -- Freeing an engine runs the completions of the blocks it stops (finished = false): the view
  -- model's release calls this and gets {error} of the first that raised, or nil.
  function h.free_engine(handle)
    local outer = pending
    pending = nil
    C.tether_engine_free(handle)
    local mine = pending
    pending = outer
    return mine
  end
  jit.off(h.free_engine)

  local OPTION = {
    duration = true, delay = true, curve = true, spring = true, on_complete = true,
    override_inherited_duration = true, override_inherited_curve = true,
  }

  -- tether_animation_options from the Lua options; the completion's token, if any.
  local function options(opts)
    for key in pairs(opts) do
      if not OPTION[key] then error("tether.animate: unknown option '" .. tostring(key) .. "'", 3) end
    end
    local o = ffi.new("tether_animation_options")
    o.struct_size = ffi.sizeof("tether_animation_options")
    o.duration, o.delay = opts.duration or 0, opts.delay or 0
    o.spring_damping, o.initial_velocity = 1, 0
    local c = opts.curve or K.ANIMATION_CURVE_EASE_IN_OUT
    if type(c) == "string" then
      c = curve_named[c] or error("tether.animate: unknown curve '" .. c .. "'", 3)
    end
    o.curve = c
    local flags = 0
    if opts.spring then
      flags = bit.bor(flags, K.ANIMATION_SPRING)
      o.spring_damping = opts.spring.damping or 1
      o.initial_velocity = opts.spring.velocity or 0
    end
    if opts.override_inherited_duration then
      flags = bit.bor(flags, K.ANIMATION_OVERRIDE_INHERITED_DURATION)
    end
    if opts.override_inherited_curve then
      flags = bit.bor(flags, K.ANIMATION_OVERRIDE_INHERITED_CURVE)
    end
    o.flags = flags
    local token
    if opts.on_complete then
      assert(type(opts.on_complete) == "function", "tether.animate: on_complete is a function")
      completion_cb = completion_cb or ffi.cast("tether_animation_completion_fn", dispatch)
      last_token = last_token + 1
      token = last_token
      completions[token] = opts.on_complete
      o.completion = completion_cb
      o.completion_context = ffi.cast("void *", token)
    end
    return o, token
  end

  local function commit()
    run_completing(C.tether_animation_commit)
  end
  jit.off(commit)

  -- Runs fn, then commits the open block even if fn raised; fn's error wins over commit's.
  local function run_in_block(fn)
    local ok, err = pcall(fn)
    local committed, commit_err = pcall(commit)
    if not ok then error(err, 0) end
    if not committed then error(commit_err, 0) end
  end

  --- Runs fn() inside an animation block (UIKit's UIView.animate): every frame that changes in
  --- it (a layout after changing constraints, a set_frame) takes its new model frame at once and
  --- is shown moving there as the engine's clock advances. opts: duration, delay (seconds),
  --- curve ("ease_in_out" (default), "ease_in", "ease_out", "linear" or tether.curve.*),
  --- spring = {damping = 1, velocity = 0}, override_inherited_duration,
  --- override_inherited_curve, on_complete = function(finished). The block is committed even if
  --- fn raises (the error is raised again). Bad options raise TETHER_E_INVALID_ARGUMENT and fn
  --- does not run.
  function M.animate(opts, fn)
    local o, token = options(opts or {})
    local status = C.tether_animation_begin(o)
    if status ~= 0 then
      if token then completions[token] = nil end -- nothing opened: it would never run
      raise(status, 2)
    end
    run_in_block(fn)
  end
  jit.off(M.animate)

  --- Runs fn() with no frame change animating, even inside tether.animate (UIKit's
  --- performWithoutAnimation).
  function M.perform_without_animation(fn)
    check(C.tether_animation_begin_without_animation())
    run_in_block(fn)
  end
  jit.off(M.perform_without_animation)

  --- The duration frame changes made now animate with: inside tether.animate, the block's;
  --- 0 when they do not animate (UIKit's inheritedAnimationDuration).
  function M.inherited_animation_duration()
    local out = ffi.new("double[1]")
    check(C.tether_animation_inherited_duration(out))
    return out[0]
  end

  -- The clock --------------------------------------------------------------------------------
  --- Moves the clock forward by `seconds` (>= 0) and runs the completions that are due.
  function Engine:advance(seconds)
    run_completing(C.tether_engine_advance, self:ptr(), seconds)
  end
  jit.off(Engine.advance)
  --- Sets the clock to `time` (never backwards), as :advance.
  function Engine:set_clock(time)
    run_completing(C.tether_engine_set_animation_clock, self:ptr(), time)
  end
  jit.off(Engine.set_clock)
  function Engine:clock()
    local out = ffi.new("double[1]")
    check(C.tether_engine_animation_clock(self:ptr(), out))
    return out[0]
  end
  function Engine:has_running_animations()
    local out = ffi.new("int32_t[1]")
    check(C.tether_engine_has_running_animations(self:ptr(), out))
    return out[0] ~= 0
  end
  --- Stops every animation: views show their model frames; completions run at the next advance
  --- with finished = false.
  function Engine:remove_all_animations()
    check(C.tether_engine_remove_all_animations(self:ptr()))
  end

  -- Presentation frames ----------------------------------------------------------------------
  local function e_of(self) return self.engine:ptr() end

  --- Where the view is shown at the engine's clock, in its superview's coordinates:
  --- x, y, width, height (the frame when it does not animate).
  function Item:presentation_frame()
    local r = ffi.new("tether_rect")
    check(C.tether_view_presentation_frame(e_of(self), self.id, r))
    return r.x, r.y, r.width, r.height
  end
  --- The presentation frame at clock time `time` if nothing changes meanwhile.
  function Item:presentation_frame_at(time)
    local r = ffi.new("tether_rect")
    check(C.tether_view_presentation_frame_at(e_of(self), self.id, time, r))
    return r.x, r.y, r.width, r.height
  end
  --- The presentation frame in the coordinates of `ancestor` (the view or a superview).
  function Item:presentation_frame_in(ancestor)
    local r = ffi.new("tether_rect")
    check(C.tether_view_presentation_frame_in(e_of(self), self.id, ancestor.id, r))
    return r.x, r.y, r.width, r.height
  end
  --- How fast the presentation frame changes, points per second: dx, dy, dwidth, dheight.
  function Item:presentation_velocity()
    local r = ffi.new("tether_rect")
    check(C.tether_view_presentation_velocity(e_of(self), self.id, r))
    return r.x, r.y, r.width, r.height
  end
  function Item:is_animating()
    local out = ffi.new("int32_t[1]")
    check(C.tether_view_is_animating(e_of(self), self.id, out))
    return out[0] ~= 0
  end
  --- The clock time at which the view's animations have all ended (the clock when none runs).
  function Item:animation_end_time()
    local out = ffi.new("double[1]")
    check(C.tether_view_animation_end_time(e_of(self), self.id, out))
    return out[0]
  end
  --- Stops the view's own animations; their blocks' completions run at the next advance.
  function Item:remove_all_animations()
    check(C.tether_view_remove_all_animations(e_of(self), self.id))
  end

  --- The presentation frames of the view's whole subtree in one call: a list of {view = v, x,
  --- y, width, height} (each in its superview's coordinates), the view first, then depth first.
  function Item:subtree_presentation_frames()
    local e, id = e_of(self), self.id
    local needed = h.size_out()
    local first = C.tether_view_subtree_presentation_frames(e, id, nil, nil, 0, needed)
    if first ~= 0 and first ~= K.E_BUFFER_TOO_SMALL then raise(first, 2) end
    local n = tonumber(needed[0])
    local views, frames = h.buf("tether_view", n), h.buf("tether_rect", n)
    check(C.tether_view_subtree_presentation_frames(e, id, views, frames, n, needed))
    local list = {}
    for i = 0, n - 1 do
      local r = frames[i]
      list[#list + 1] = { view = h.wrap_item(self.engine, views[i]), x = r.x, y = r.y,
                          width = r.width, height = r.height }
    end
    return list
  end

  return M
end
