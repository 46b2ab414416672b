-- cooldown: ARGV[4] until (wall ms). The longer of this and any current cooldown; the key lives
-- exactly until the cooldown ends.
return extend(KEYS[3])
