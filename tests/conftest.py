import sys
from pathlib import Path

# make tests/ importable (toy_game) and register the toy game for core tests
sys.path.insert(0, str(Path(__file__).parent))
