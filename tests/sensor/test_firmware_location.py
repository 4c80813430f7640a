"""Where the simulator finds the sensor board's firmware: a source checkout, or beside the
installed service's virtual environment (issue 40: /opt/wordboard/venv lacked it, so the twin
and `tiles enroll --sim` failed from the installed command)."""

import subprocess
import sys


def test_the_firmware_is_found_beside_an_installed_venv(tmp_path):
    import shutil

    from wordboard.sensor.firmware import firmware_dir

    prefix = tmp_path / "opt" / "wordboard"
    shutil.copytree(firmware_dir(), prefix / "firmware")
    code = ("import sys; sys.prefix = sys.argv[1]\n"
            "import wordboard.sensor.firmware as f\n"
            "print(f.firmware_dir())\n")
    # a copy of the module outside the checkout, as pip installs it into site-packages
    site = tmp_path / "venv" / "lib" / "python3.11" / "site-packages"
    shutil.copytree(firmware_dir().parent / "host" / "wordboard", site / "wordboard")
    done = subprocess.run([sys.executable, "-c", code, str(prefix / "venv")], cwd=tmp_path, check=True,
                          capture_output=True, text=True, env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip() == str(prefix / "firmware")
