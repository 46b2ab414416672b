-- reopen: ARGV[4] token, ARGV[5] first open time ms, ARGV[6] open cap ms. The probe failed: only
-- its lease holder re-opens the breaker, for twice the previous open time (capped), counted from
-- the probe's grant (lg), or until now when the probe itself took longer (ADR 0007).
failed()
if redis.call('GET', KEYS[2]) ~= ARGV[4] then
  return snapshot()
end
redis.call('DEL', KEYS[2])
local granted = num(redis.call('HGET', KEYS[5], 'lg'))
if granted == 0 then
  granted = now -- a lease granted before lg was kept
end
redis.call('HDEL', KEYS[5], 'lu', 'lg')
local cap = tonumber(ARGV[6])
local step = math.min(math.max(num(redis.call('HGET', KEYS[1], 'step')), tonumber(ARGV[5])) * 2, cap)
redis.call('HSET', KEYS[1], 'until', int(math.max(granted + step, now)), 'step', int(step))
redis.call('PEXPIRE', KEYS[1], step + cap)
return changed()
