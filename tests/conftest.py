import sys
from pathlib import Path

# make tests/ importable (fake_game, the small dice race the core and explorer tests use)
sys.path.insert(0, str(Path(__file__).parent))
