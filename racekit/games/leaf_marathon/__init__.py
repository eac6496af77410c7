"""Leaf Marathon (落葉長跑): a stamina-and-weight racing expansion for 桌游是魔法."""
