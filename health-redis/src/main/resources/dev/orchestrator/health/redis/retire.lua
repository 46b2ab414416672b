-- retire: ARGV[4] until (wall ms). A remembered not_found: the longer of this and any current
-- retirement; the key lives exactly until the retirement ends.
failed()
local u = tonumber(ARGV[4])
if u <= now or num(redis.call('GET', KEYS[4])) >= u then
  return snapshot()
end
redis.call('SET', KEYS[4], ARGV[4], 'PX', u - now)
return changed()
